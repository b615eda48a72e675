import type { Middleware, MiddlewareAPI, UnknownAction } from '@reduxjs/toolkit';
import type { SagaRuntime } from './saga-runtime';

/**
 * The saga runtime (redux-saga and the root saga) loads beside the first screen instead of in the
 * entry chunk. Actions dispatched before it runs have already reached the reducers; they are kept
 * and handed to the sagas in order once the runtime starts, as if it had been there all along.
 */
export function deferredSagas() {
  let runtime: SagaRuntime | undefined;
  let stopped = false;
  const early: UnknownAction[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    if (runtime) runtime.deliver(action as UnknownAction);
    else if (!stopped) early.push(action as UnknownAction);
    return result;
  };
  const start = async (api: MiddlewareAPI): Promise<void> => {
    const { runSagas } = await import('./saga-runtime');
    if (stopped) return;
    runtime = runSagas(api);
    for (const action of early.splice(0)) runtime.deliver(action);
  };
  /** Ends the sagas for good (a store that is thrown away, as after each test). */
  const stop = (): void => {
    stopped = true;
    early.length = 0;
    runtime?.stop();
    runtime = undefined;
  };
  return { middleware, start, stop };
}
