import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { buffers } from 'redux-saga';
import { actionChannel, call, flush, fork, put, take } from 'redux-saga/effects';

/**
 * A feature saga that loads with the first action it answers (its code stays out of the first
 * page's JS). Actions that arrive while it loads are buffered, then dispatched again once it
 * runs, in order (their reducers run twice: `requested` is idempotent).
 */
export function lazySaga(
  types: readonly string[],
  load: () => Promise<() => SagaIterator>,
): () => SagaIterator {
  return function* lazy(): SagaIterator {
    const pending = yield actionChannel([...types], buffers.expanding<UnknownAction>());
    const first: UnknownAction = yield take(pending);
    const saga: () => SagaIterator = yield call(load);
    yield fork(saga);
    const more: UnknownAction[] = yield flush(pending);
    pending.close();
    for (const action of [first, ...more]) yield put(action);
  };
}
