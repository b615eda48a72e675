import { useDeferredValue } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from './root-reducer';
import type { AppDispatch } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * useAppSelector for a page's large data (a record, a list page, a thread). A store update
 * renders synchronously, in one task; through useDeferredValue the page first renders what it
 * showed (e.g. its spinner) and then the new data in a background render that yields to the
 * browser every few milliseconds, so a click or a key press is never kept waiting behind it.
 */
export function useDeferredAppSelector<T>(selector: (state: RootState) => T): T {
  return useDeferredValue(useAppSelector(selector));
}
