import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/root-reducer';
import { workHolders } from '../records/work-slice';
import { threadsHolders } from '../threads/threads-slice';

/**
 * Reloads the open record when someone else changes it (or events may have been missed), with
 * the thread and history the page shows. Not while `paused` (an edit form is open: a stale edit
 * must still meet the server's 409), but once it is closed.
 */
export function useLiveRecord(
  record: { type: 'T' | 'C'; id: number },
  paused: boolean,
  reload: () => void,
): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const changes = useAppSelector(
    (state) => (state.live.changed[record.id] ?? 0) + state.live.resyncs,
  );
  const seen = useRef(changes);
  useEffect(() => {
    if (paused || changes === seen.current) return;
    seen.current = changes;
    reload();
    const { holders } = store.getState();
    const ref = { type: record.type, id: record.id };
    if (holders.communicationThreads.data?.recordId === record.id) {
      dispatch(threadsHolders.communicationThreads.actions.requested(ref));
    }
    if (holders.workLogThreads.data?.recordId === record.id) {
      dispatch(threadsHolders.workLogThreads.actions.requested(ref));
    }
    if (holders.recordHistory.data) dispatch(workHolders.recordHistory.actions.requested(ref));
  }, [changes, paused, reload, dispatch, store, record.type, record.id]);
}
