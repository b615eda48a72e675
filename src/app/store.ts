import { configureStore } from '@reduxjs/toolkit';
import { filesPicked } from '../features/attachments/attachments-slice';
import { applyLayoutToDocument, layoutMiddleware } from '../features/layout/layout-middleware';
import { deferredSagas } from './deferred-sagas';
import { rootReducer } from './root-reducer';

/**
 * A fresh store (one per app start, one per test). Its sagas start as soon as their code has
 * loaded (`ready`); actions dispatched before then reach them in order. `stopSagas` ends them.
 */
export function makeStore() {
  const sagas = deferredSagas();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        // Picked files carry their File objects to the upload saga (never into the state).
        serializableCheck: { ignoredActions: [filesPicked.type] },
      }).concat(layoutMiddleware, sagas.middleware),
  });
  applyLayoutToDocument(store.getState().layout);
  return Object.assign(store, { ready: sagas.start(store), stopSagas: sagas.stop });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
