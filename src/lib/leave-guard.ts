import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { LEAVE_OK } from './navigation';

type Navigator = {
  push: (...args: unknown[]) => void;
  replace: (...args: unknown[]) => void;
};

function passes(state: unknown): boolean {
  return (
    !!state &&
    typeof state === 'object' &&
    (state as { leaveGuard?: unknown }).leaveGuard === LEAVE_OK.leaveGuard
  );
}

/**
 * Wraps the navigator's push/replace: while `blocked()`, a navigation (unless it carries LEAVE_OK)
 * is handed to `onBlocked` to run later. Returns the undo.
 */
function interceptNavigation(
  navigator: Navigator,
  blocked: () => boolean,
  onBlocked: (go: () => void) => void,
): () => void {
  const push = navigator.push;
  const replace = navigator.replace;
  const wrap =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (!blocked() || passes(args[1])) original.apply(navigator, args);
      else onBlocked(() => original.apply(navigator, args));
    };
  navigator.push = wrap(push);
  navigator.replace = wrap(replace);
  return () => {
    navigator.push = push;
    navigator.replace = replace;
  };
}

/**
 * Asks before leaving a form with unsaved changes. The app uses a declarative <BrowserRouter>
 * (no data router, so no useBlocker): in-app navigations (links, navigate(), sagas) go through
 * the router's navigator, which this hook wraps while `when` is true; closing or reloading the
 * tab asks through `beforeunload`. Navigations carrying LEAVE_OK state (after a save) pass.
 * Returns whether the question is open and the two answers.
 */
export function useLeaveGuard(when: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as {
    navigator: Navigator;
  };
  const whenRef = useRef(when);
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    whenRef.current = when;
  }, [when]);

  useEffect(
    () =>
      interceptNavigation(
        navigator,
        () => whenRef.current,
        (go) => setPending(() => go),
      ),
    [navigator],
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const leave = useCallback(() => {
    const go = pending;
    setPending(null);
    whenRef.current = false;
    go?.();
  }, [pending]);
  const stay = useCallback(() => setPending(null), []);

  return { asking: pending !== null, leave, stay };
}
