import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authHolders, authReducer } from '../features/auth/auth-slice';
import { layoutReducer } from '../features/layout/layout-slice';
import { profileHolders } from '../features/profile/profile-slice';
import { recordsHolders, recordsReducer } from '../features/records/records-slice';
import { holderReducers } from '../lib/request-holder';
import { rootSaga } from './root-saga';

/** All response holders, by name: a feature adds its table here. */
const holdersReducer = combineReducers({
  ...holderReducers(authHolders),
  ...holderReducers(profileHolders),
  ...holderReducers(recordsHolders),
});

const rootReducer = combineReducers({
  auth: authReducer,
  layout: layoutReducer,
  records: recordsReducer,
  holders: holdersReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store with its sagas running (one per app start, one per test). */
export function makeStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
