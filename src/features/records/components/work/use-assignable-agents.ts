import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { isIdle } from '../../../../lib/request-holder';
import { workHolders } from '../../work-slice';
import type { Person } from '../../work-types';

/**
 * The agents an assign picker offers: with the record's desk, only those who may work on it (a
 * restricted desk's members, GET agents/?hd_id=); without one, every active agent. Loaded when
 * `enabled` (the picker is shown) and again when the desk changes.
 */
export function useAssignableAgents(hdId: number | undefined, enabled = true): Person[] {
  const dispatch = useAppDispatch();
  const all = useAppSelector((state) => state.holders.agents);
  const desk = useAppSelector((state) => state.holders.deskAgents);
  const allIdle = isIdle(all);
  // After a failure (callApi said so) it waits for the next desk rather than retrying in a loop.
  const deskStale = desk.data?.hd_id !== hdId && !desk.loading && !desk.error;
  useEffect(() => {
    if (!enabled) return;
    if (hdId === undefined) {
      if (allIdle) dispatch(workHolders.agents.actions.requested());
    } else if (deskStale) {
      dispatch(workHolders.deskAgents.actions.requested(hdId));
    }
  }, [enabled, hdId, allIdle, deskStale, dispatch]);
  if (hdId === undefined) return all.data ?? [];
  return desk.data?.hd_id === hdId ? desk.data.agents : [];
}
