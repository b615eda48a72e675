import type { NavigateFunction, NavigateOptions } from 'react-router-dom';

/** The router's navigate, captured at startup by <NavigationBridge/>, so sagas can navigate. */
/**
 * Navigation state that passes the unsaved-changes guard (lib/leave-guard.ts): a saga that
 * navigates after a successful save uses it, since the form's changes are saved then.
 */
export const LEAVE_OK = { leaveGuard: 'skip' } as const;

let navigateFn: NavigateFunction | null = null;
let path = '/';

export function setNavigator(fn: NavigateFunction | null): void {
  navigateFn = fn;
}

export function setCurrentPath(value: string): void {
  path = value;
}

/** Path + search of the page the router shows now. */
export function currentPath(): string {
  return path;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  const origin = window.location.origin;
  if (/^https?:\/\//i.test(to) && !to.startsWith(origin)) {
    window.location.assign(to);
    return;
  }
  const target = to.startsWith(origin) ? to.slice(origin.length) || '/' : to;
  if (navigateFn) void navigateFn(target, options);
  else window.location.assign(target);
}
