import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { filesPicked } from '../features/attachments/attachments-slice';
import { rootReducer } from './root-reducer';
import { rootSaga } from './root-saga';

/** A fresh store with its sagas running (one per app start, one per test). */
export function makeStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        // Picked files carry their File objects to the upload saga (never into the state).
        serializableCheck: { ignoredActions: [filesPicked.type] },
      }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
