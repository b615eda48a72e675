import { createRequestHolder } from '../../lib/request-holder';
import type { ContentListItem, ListData } from '../records/types';
import type { PageQuery } from './api';
import type { HomeData } from './types';

/** Home and what's new: one line per response holder. */
export const homeHolders = {
  homeData: createRequestHolder<HomeData>('homeData'),
  whatsNew: createRequestHolder<ListData<ContentListItem>, PageQuery>('whatsNew'),
};
