import { useSyncExternalStore } from 'react';

/** Phones (below Bootstrap's md), where a list's filters start folded away. */
export const PHONE_QUERY = '(max-width: 767.98px)';
/** Phones and small tablets (below lg): the menu is a drawer, a record's side panel folded. */
export const NARROW_QUERY = '(max-width: 991.98px)';

const queryList = (query: string): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;

/** Whether the media query matches, following the window as it changes (false without matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = queryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => queryList(query)?.matches ?? false,
    () => false,
  );
}
