import { createAction } from '@reduxjs/toolkit';

/**
 * Something was done to a record (a file, a message, a work-log entry, following...): a plain
 * action the record's history panel listens to, to reload. Features dispatch it after a success.
 */
export const recordActivityHappened = createAction<{ type: 'T' | 'C'; recordId: number }>(
  'records/activityHappened',
);
