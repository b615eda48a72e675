// Keeps the embedded PostgreSQL running: when its postmaster exits without being asked to (a
// crash, kill -9, the OOM killer), it is started again on the same port and data folder, so
// connection strings stay valid. PostgreSQL's own crash recovery replays the WAL on that start:
// every committed transaction is back. Restarts back off (0.25 s doubling to 5 s) while starting
// keeps failing (old backends may still hold the shared memory for a moment), forever: a person
// reads the log and /api/health meanwhile.
import type { ChildProcess } from 'node:child_process';

export type SupervisedState = 'running' | 'restarting' | 'stopped';

export interface SupervisorLogger {
  info: (msg: string) => void;
  error: (msg: string) => void;
}

export interface Supervised {
  state: () => SupervisedState;
  /** How many times it was started again after an unexpected exit. */
  restarts: () => number;
  /** The running process, if any. */
  current: () => ChildProcess | undefined;
  /** Stops supervising and sends `signal` to the process; resolves once it has exited. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
}

const DELAYS_MS = [250, 500, 1000, 2000, 4000, 5000];
/** A process that ran this long was healthy: the next crash starts the backoff over. */
const STABLE_AFTER_MS = 30000;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the process with `launch` (which resolves once it is ready) and keeps it running. */
export async function supervise(opts: {
  name: string;
  launch: () => Promise<ChildProcess>;
  logger: SupervisorLogger;
  delaysMs?: number[];
}): Promise<Supervised> {
  const delays = opts.delaysMs ?? DELAYS_MS;
  let child: ChildProcess | undefined = await opts.launch();
  let state: SupervisedState = 'running';
  let restarts = 0;
  let failures = 0;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;

  function relaunchLater(): void {
    const delay = delays[Math.min(failures, delays.length - 1)];
    failures++;
    timer = setTimeout(() => {
      opts
        .launch()
        .then((next) => {
          if (state === 'stopped') {
            next.kill('SIGINT');
            return;
          }
          child = next;
          state = 'running';
          restarts++;
          startedAt = Date.now();
          opts.logger.info(`${opts.name} restarted (restart ${restarts})`);
          watch(next);
        })
        .catch((err: Error) => {
          if (state === 'stopped') return;
          opts.logger.error(`${opts.name} did not start again: ${err.message}`);
          relaunchLater();
        });
    }, delay);
  }

  function watch(running: ChildProcess): void {
    running.once('exit', (code, signal) => {
      if (state === 'stopped' || running !== child) return;
      child = undefined;
      state = 'restarting';
      if (Date.now() - startedAt > STABLE_AFTER_MS) failures = 0;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      const delay = delays[Math.min(failures, delays.length - 1)];
      opts.logger.error(
        `${opts.name} stopped unexpectedly (${how}); starting it again in ${delay / 1000} s`,
      );
      relaunchLater();
    });
  }
  watch(child);

  return {
    state: () => state,
    restarts: () => restarts,
    current: () => child,
    stop: async (signal) => {
      state = 'stopped';
      clearTimeout(timer);
      const running = child;
      if (!running) return;
      running.kill(signal);
      await exited(running);
    },
  };
}
