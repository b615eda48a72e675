// What the stream's starter (live-start.ts) and the stream (live-saga.ts) both need.
import { userUpdated } from '../../lib/session';
import { authActions } from '../auth/auth-slice';
import type { ListKey } from '../records/records-slice';
import type { ListQuery } from '../records/types';

/** The query each list last asked for (a change seen on the stream refreshes it with it). */
export type LastQueries = Partial<Record<ListKey, ListQuery>>;

export const LIST_KEYS: ListKey[] = ['MYTICKET', 'MYCONTENT', 'HDTICKET', 'HDCONTENT'];
export const SIGNED_IN = [authActions.loginSucceeded.type, userUpdated.type];
