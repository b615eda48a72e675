// Where the feature sagas that a first screen waits for live: the root saga loads them with their
// first action, and the route table starts loading them with their page.
export const loadRecordsSaga = () => import('../features/records/records-saga');
export const loadHomeSaga = () => import('../features/home/home-saga');
