import { createRequestHolder } from '../../lib/request-holder';
import type { SlaPolicy, SlaPolicyOrder, SlaPolicySave } from './types';

/** The SLA policies page's response holders: one line each. */
export const slaHolders = {
  slaPolicies: createRequestHolder<SlaPolicy[]>('slaPolicies'),
  saveSlaPolicy: createRequestHolder<SlaPolicy, SlaPolicySave>('saveSlaPolicy'),
  deleteSlaPolicy: createRequestHolder<{ id: number }, { id: number }>('deleteSlaPolicy'),
  reorderSlaPolicies: createRequestHolder<SlaPolicy[], SlaPolicyOrder>('reorderSlaPolicies'),
};
