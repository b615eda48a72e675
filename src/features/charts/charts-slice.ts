import { createRequestHolder } from '../../lib/request-holder';
import type { ChartsData, ChartsQuery } from './types';

export const chartsHolders = {
  chartsData: createRequestHolder<ChartsData, ChartsQuery>('chartsData'),
};
