// Imports stored mails in this process right after they are stored (so a mail shows up within
// moments), a few at a time so the pool keeps connections for everything else. It is only the
// fast path: each mail also has its `mail.import` job, which finds the mail done or does it
// (after a crash, a retry), and a worker's start imports whatever is still `received`.
import { importInboundMail, type InboundContext } from './import.js';
import { pendingInboundMails } from './sql.js';

export interface RunnerLogger {
  warn: (obj: object, msg: string) => void;
}

export interface ImportRunner {
  /** Imports these mails soon (in the background). */
  kick: (ids: number[]) => void;
  /** Imports every mail still waiting (a worker's start, after a crash). */
  drain: () => Promise<void>;
  /** Resolves when nothing is being imported (shutdown, tests). */
  idle: () => Promise<void>;
}

export function createImportRunner(
  ctx: InboundContext,
  log: RunnerLogger,
  concurrency = 4,
): ImportRunner {
  const waiting: number[] = [];
  let running = 0;
  let idleWaiters: Array<() => void> = [];

  const next = () => {
    while (running < concurrency && waiting.length) {
      const id = waiting.shift() as number;
      running += 1;
      importInboundMail(ctx, id)
        .catch((err: unknown) =>
          log.warn({ err, inbound_id: id }, 'mail import failed; its job retries'),
        )
        .finally(() => {
          running -= 1;
          next();
        });
    }
    if (running === 0 && !waiting.length) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };

  const runner: ImportRunner = {
    kick(ids) {
      waiting.push(...ids);
      next();
    },
    async drain() {
      // Once over what is waiting now; one that fails stays `received` for its job.
      for (let after = 0; ;) {
        const ids = await pendingInboundMails(ctx.db, after, 200);
        if (!ids.length) return;
        runner.kick(ids);
        await runner.idle();
        after = ids[ids.length - 1];
      }
    },
    idle() {
      if (running === 0 && !waiting.length) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
  return runner;
}
