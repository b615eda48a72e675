import { useCallback, useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { presenceLeft, presenceTyping, presenceViewing } from './live-slice';
import type { PresencePerson } from './live-types';

const NOBODY: PresencePerson[] = [];

/**
 * Presence on a record: says this tab is viewing it (while mounted; re-sent by the live saga)
 * and returns the others viewing it and typing a reply, plus `typing()` for the reply box to
 * call on each keystroke (or dispatch `presenceTyping(recordId)` directly).
 */
export function usePresence(recordId: number) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.auth.user?.id);
  const presence = useAppSelector((state) => state.live.presence[recordId]);
  useEffect(() => {
    dispatch(presenceViewing(recordId));
    return () => void dispatch(presenceLeft(recordId));
  }, [dispatch, recordId]);
  const typing = useCallback(() => dispatch(presenceTyping(recordId)), [dispatch, recordId]);
  return useMemo(
    () => ({
      viewing: presence?.viewing.filter((p) => p.id !== me) ?? NOBODY,
      typing: presence?.typing.filter((p) => p.id !== me) ?? NOBODY,
      typingSignal: typing,
    }),
    [presence, me, typing],
  );
}
