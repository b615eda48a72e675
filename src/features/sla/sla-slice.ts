import { createRequestHolder } from '../../lib/request-holder';
import type { SlaPolicy, SlaPolicySave } from './types';

/** The SLA policies page's response holders: one line each. */
export const slaHolders = {
  slaPolicies: createRequestHolder<SlaPolicy[]>('slaPolicies'),
  saveSlaPolicy: createRequestHolder<SlaPolicy, SlaPolicySave>('saveSlaPolicy'),
  deleteSlaPolicy: createRequestHolder<{ id: number }, { id: number }>('deleteSlaPolicy'),
  reorderSlaPolicies: createRequestHolder<SlaPolicy[], { ids: number[] }>('reorderSlaPolicies'),
};
