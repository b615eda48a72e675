// The record pages' first calls, started as the app starts (routes' `firstData`, see
// app/router.tsx): the saga of the page that then renders takes their answers instead of asking
// again (lib/api-client.ts, requestEarly).
import { requestEarly } from '../../lib/api-client';
import { LISTS, recordsApi } from './api';
import { listQuery, readRecordId } from './components/list-query';
import { detailsApi } from './details-api';
import { kindOf } from './kinds';
import type { ListKey } from './records-slice';
import type { ObjectType } from './types';

/** A record view: its details call, for the id its URL names. */
export function startDetails(type: ObjectType, search: URLSearchParams, idParam: string): void {
  const id = readRecordId(search, idParam);
  if (id !== null) requestEarly(detailsApi.details(type, id));
}

/** A list page (not its drafts): its list call for its URL and the user's page size. */
export function startList(listKey: ListKey, search: URLSearchParams, pageSize: number): void {
  const { type, scope } = LISTS[listKey];
  const query = listQuery(search, { listKey, kind: kindOf(type) }, pageSize);
  requestEarly(recordsApi.list(type, scope, query));
}
