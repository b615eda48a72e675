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

/** Never asked for (or reset): no data, no request on its way, no error. */
export function isIdle(holder: Holder<unknown>): boolean {
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
    if (actions.reset.match(action)) return isIdle(state) ? state : emptyHolder<T>();
    return state;
  };
  return { name, actions, reducer };
}

type HolderTable = Record<string, { reducer: Reducer; actions: Record<string, { type: string }> }>;
type StateOf<H> = H extends { reducer: Reducer<infer S> } ? S : never;
type HoldersState<T extends HolderTable> = { [K in keyof T]: StateOf<T[K]> };

const INIT = { type: '@@holders/init' };

/**
 * One reducer for a table of holders (`state.holders`): an action reaches only the holder whose
 * type it has, found in a map, instead of passing through every holder's reducer (84 of them)
 * on each dispatch; the other holders, and the table when nothing changed, stay the same objects.
 */
export function holdersReducer<T extends HolderTable>(table: T): Reducer<HoldersState<T>> {
  const holderOfType = new Map<string, keyof T & string>();
  for (const [key, holder] of Object.entries(table)) {
    for (const { type } of Object.values(holder.actions)) {
      const taken = holderOfType.get(type);
      if (taken !== undefined) throw new Error(`holders ${taken} and ${key} share ${type}`);
      holderOfType.set(type, key);
    }
  }
  const initial = Object.fromEntries(
    Object.entries(table).map(([key, holder]) => [key, holder.reducer(undefined, INIT)]),
  ) as HoldersState<T>;
  return (state = initial, action) => {
    const key = holderOfType.get(action.type);
    if (key === undefined) return state;
    const before = state[key];
    const after = table[key].reducer(before, action) as HoldersState<T>[typeof key];
    return after === before ? state : { ...state, [key]: after };
  };
}

type HolderWithActions = { actions: { requested: { type: string } } };

/** The `requested` action types of a table of holders: what wakes a lazily loaded saga. */
export function requestedTypes(table: Record<string, HolderWithActions>): string[] {
  return Object.values(table).map((holder) => holder.actions.requested.type);
}
