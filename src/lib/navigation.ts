import type { NavigateFunction, NavigateOptions } from 'react-router-dom';

/** The router's navigate, captured at startup by <NavigationBridge/>, so sagas can navigate. */
/**
 * Navigation state that passes the unsaved-changes guard (lib/leave-guard.ts): a saga that
 * navigates after a successful save uses it, since the form's changes are saved then.
 */
export const LEAVE_OK = { leaveGuard: 'skip' } as const;

let navigateFn: NavigateFunction | null = null;
let path = '/';
/**
 * A navigation asked for before the router exists (the first screen's call, answered before
 * the first render, e.g. a 401's way to the login page): the router makes it as it mounts,
 * with its state (the page to come back to), which a full page load would lose.
 */
let pending: { to: string; options?: NavigateOptions } | null = null;

export function setNavigator(fn: NavigateFunction | null): void {
  navigateFn = fn;
  if (!fn)
    pending = null; // the router is gone: what it was to do goes with it
  else if (pending) {
    const { to, options } = pending;
    pending = null;
    void fn(to, options);
  }
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
  else pending = { to: target, options };
}
