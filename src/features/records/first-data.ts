// The record pages' first calls, started as the app starts (routes' `firstData`, see
// app/router.tsx): the call goes out at once (lib/api-client.ts, requestEarly) and the request
// its page makes, given back here, fills the page's holder with that answer before the first
// render (app/first-screen.ts).
import type { FirstRequest } from '../../app/first-screen';
import { requestEarly } from '../../lib/api-client';
import { LISTS, recordsApi } from './api';
import { listQuery, readRecordId } from './components/list-query';
import { detailsApi } from './details-api';
import { kindOf } from './kinds';
import { recordsHolders } from './records-slice';
import type { ListKey } from './records-slice';
import type { ObjectType } from './types';

/** A record view: its details call, for the id its URL names. */
export function startDetails(
  type: ObjectType,
  search: URLSearchParams,
  idParam: string,
): FirstRequest | undefined {
  const id = readRecordId(search, idParam);
  if (id === null) return undefined;
  requestEarly(detailsApi.details(type, id));
  return {
    action: recordsHolders.detailData.actions.requested({ type, id }),
    holder: 'detailData',
  };
}

/** A list page (not its drafts): its list call for its URL and the user's page size. */
export function startList(
  listKey: ListKey,
  search: URLSearchParams,
  pageSize: number,
): FirstRequest {
  const { type, scope } = LISTS[listKey];
  const query = listQuery(search, { listKey, kind: kindOf(type) }, pageSize);
  requestEarly(recordsApi.list(type, scope, query));
  return { action: recordsHolders[listKey].actions.requested(query), holder: listKey };
}
