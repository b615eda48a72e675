// The API process's job queue starts with the app, not with the first job it sends. A send runs
// inside a request's transaction; starting the queue there takes a second connection from the
// same pool, and with every connection held by such requests none comes: each waited out the
// connect timeout and answered 503 (the bench's 50 people saw one write in five fail).
import type { JobQueue } from './queue.js';

const RETRY_MS = 2000;

export function queueStarter(
  queue: JobQueue,
  log: { warn: (obj: object, msg: string) => void },
): { start: () => Promise<void>; stop: () => Promise<void> } {
  let retry: NodeJS.Timeout | undefined;
  let closing = false;
  const attempt = async (): Promise<void> => {
    try {
      await queue.start();
    } catch (err) {
      if (closing) return;
      // The database is down: the app serves anyway (503 where it must) and tries again.
      log.warn({ err: { message: (err as Error).message } }, 'job queue not started; retrying');
      retry = setTimeout(() => void attempt(), RETRY_MS);
      retry.unref();
    }
  };
  return {
    // Awaited: in the usual case the queue is up before the first request arrives.
    start: attempt,
    stop: async () => {
      closing = true;
      clearTimeout(retry);
      await queue.stop();
    },
  };
}
