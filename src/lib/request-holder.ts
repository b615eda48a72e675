import { createAction } from '@reduxjs/toolkit';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from './types';

/** Every response holder in the store has this shape. */
export interface Holder<T> {
  data: T | null;
  loading: boolean;
  error: ErrorInfo | null;
}

export function emptyHolder<T>(): Holder<T> {
  return { data: null, loading: false, error: null };
}

function isEmpty<T>(holder: Holder<T>): boolean {
  return holder.data === null && !holder.loading && holder.error === null;
}

/**
 * THE factory: one holder keyed by name with actions requested / succeeded / failed / reset
 * (types `holders/<name>/<action>`). `P` is the request payload the saga needs.
 */
export function createRequestHolder<T, P = void>(name: string) {
  const prefix = `holders/${name}`;
  const actions = {
    requested: createAction<P>(`${prefix}/requested`),
    succeeded: createAction<T>(`${prefix}/succeeded`),
    failed: createAction<ErrorInfo>(`${prefix}/failed`),
    reset: createAction(`${prefix}/reset`),
  };
  const reducer = (state: Holder<T> = emptyHolder<T>(), action: UnknownAction): Holder<T> => {
    if (actions.requested.match(action)) return { ...state, loading: true, error: null };
    if (actions.succeeded.match(action)) {
      return { data: action.payload, loading: false, error: null };
    }
    if (actions.failed.match(action)) return { ...state, loading: false, error: action.payload };
    // An idle holder stays the same object: a page resetting its holders as it mounts then
    // re-renders nothing that reads them.
    if (actions.reset.match(action)) return isEmpty(state) ? state : emptyHolder<T>();
    return state;
  };
  return { name, actions, reducer };
}

type HolderTable = Record<string, { reducer: Reducer }>;
type StateOf<H> = H extends { reducer: Reducer<infer S> } ? S : never;

/** Turns a table of holders into a reducer map: `{ [name]: reducer }`. */
export function holderReducers<T extends HolderTable>(
  table: T,
): { [K in keyof T]: Reducer<StateOf<T[K]>> } {
  const entries = Object.entries(table).map(([key, holder]) => [key, holder.reducer]);
  return Object.fromEntries(entries) as { [K in keyof T]: Reducer<StateOf<T[K]>> };
}

type HolderWithActions = { actions: { requested: { type: string } } };

/** The `requested` action types of a table of holders: what wakes a lazily loaded saga. */
export function requestedTypes(table: Record<string, HolderWithActions>): string[] {
  return Object.values(table).map((holder) => holder.actions.requested.type);
}
