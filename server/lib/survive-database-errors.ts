// Libraries that talk to the database in the background (pg-boss marking a job failed while the
// database is gone, say) can leave a rejected promise nobody awaits. Node ends the process on one;
// for "the database is unavailable" that would turn a database blip into a dead process, so
// those are logged and the process carries on (the pool reconnects, the job runs again). Any
// other unhandled rejection still ends the process, as it should.
import { isDatabaseUnavailable } from '../plugins/db-unavailable.js';

export interface RejectionLogger {
  warn: (obj: object, msg: string) => void;
  fatal: (obj: object, msg: string) => void;
}

export function surviveDatabaseErrors(log: RejectionLogger): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn(
        { err: { message: (reason as Error).message } },
        'background database call failed while the database is unavailable',
      );
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
}
