import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import {
  attachmentsHolders,
  attachmentsReducer,
  filesPicked,
} from '../features/attachments/attachments-slice';
import { authHolders, authReducer } from '../features/auth/auth-slice';
import { chartsHolders } from '../features/charts/charts-slice';
import { collectorHolders } from '../features/collector/collector-slice';
import { contactHolders } from '../features/contact/contact-slice';
import { dashboardHolders } from '../features/dashboard/dashboard-slice';
import { homeHolders } from '../features/home/home-slice';
import { layoutReducer } from '../features/layout/layout-slice';
import { profileHolders } from '../features/profile/profile-slice';
import { recordsHolders, recordsReducer } from '../features/records/records-slice';
import { searchHolders, searchReducer } from '../features/search/search-slice';
import { workHolders } from '../features/records/work-slice';
import { threadsHolders } from '../features/threads/threads-slice';
import { holderReducers } from '../lib/request-holder';
import { rootSaga } from './root-saga';

/** All response holders, by name: a feature adds its table here. */
const holdersReducer = combineReducers({
  ...holderReducers(authHolders),
  ...holderReducers(profileHolders),
  ...holderReducers(recordsHolders),
  ...holderReducers(workHolders),
  ...holderReducers(attachmentsHolders),
  ...holderReducers(threadsHolders),
  ...holderReducers(searchHolders),
  ...holderReducers(homeHolders),
  ...holderReducers(dashboardHolders),
  ...holderReducers(chartsHolders),
  ...holderReducers(collectorHolders),
  ...holderReducers(contactHolders),
});

const rootReducer = combineReducers({
  auth: authReducer,
  layout: layoutReducer,
  records: recordsReducer,
  attachments: attachmentsReducer,
  search: searchReducer,
  holders: holdersReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

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
