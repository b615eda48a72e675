import { useCallback, useSyncExternalStore } from 'react';

/** Phones (below Bootstrap's md), where a list's filters start folded away. */
export const PHONE_QUERY = '(max-width: 767.98px)';
/** Phones and small tablets (below lg): the menu is a drawer, a record's side panel folded. */
export const NARROW_QUERY = '(max-width: 991.98px)';

// One MediaQueryList per query for the window's life: a page re-renders often, and asking
// matchMedia anew each time made a new list (and a new subscription) every render.
// (Kept per matchMedia function, which tests replace.)
let lists = new Map<string, MediaQueryList>();
let listsOf: typeof window.matchMedia | undefined;
function queryList(query: string): MediaQueryList | undefined {
  if (typeof window.matchMedia !== 'function') return undefined;
  if (listsOf !== window.matchMedia) {
    listsOf = window.matchMedia;
    lists = new Map();
  }
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether the media query matches now (false without matchMedia). */
export function matchesMedia(query: string): boolean {
  return queryList(query)?.matches ?? false;
}

/** Whether the media query matches, following the window as it changes (false without matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = queryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchesMedia(query),
    () => false,
  );
}
