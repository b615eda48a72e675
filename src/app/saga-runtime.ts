import type { MiddlewareAPI, UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { rootSaga } from './root-saga';

export interface SagaRuntime {
  /** Hands an action (already reduced) to the sagas. */
  deliver: (action: UnknownAction) => void;
  /** Cancels every running saga (and so their requests and the event stream). */
  stop: () => void;
}

/** Starts the root saga on the store. */
export function runSagas(api: MiddlewareAPI): SagaRuntime {
  const sagaMiddleware = createSagaMiddleware();
  // Bound to the store; its "next" does nothing, as the store's own chain ran the reducers.
  const toSagas = sagaMiddleware(api)(() => undefined);
  const task = sagaMiddleware.run(rootSaga);
  return {
    deliver: (action) => {
      toSagas(action);
    },
    stop: () => {
      task.cancel();
    },
  };
}
