import { createElement } from 'react';
import type { ComponentType } from 'react';

/** A lazy page, layout or panel that can start loading its code before React renders it. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Starts loading; resolves once the page's code is here (or failed to load). */
  preload: () => Promise<void>;
};

/**
 * A page or layout whose code loads on demand. Unlike React.lazy, once its code is here it
 * renders at once: React.lazy suspends on its first render even then, its Suspense boundary
 * shows the fallback, and React reveals what replaces a fallback no sooner than 300 ms after
 * the fallback appeared, so a first screen whose code had come in with the app still showed
 * that much later. While the code is on its way it suspends, as lazy does.
 * `load` is the page's code; `alsoNeeds` is code its first request needs (its feature's saga,
 * which otherwise starts loading only once the page has rendered and asked for its data).
 * Both start loading on `preload`. A module may also export `firstScreenNeeds`: code its first
 * screen shows beyond its own chunk (a record's side panel on a wide screen), which loads before
 * the module counts as loaded, so that screen renders whole instead of with a fallback that React
 * keeps up for 300 ms.
 */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P>; firstScreenNeeds?: () => Promise<unknown> }>,
  alsoNeeds?: () => Promise<unknown>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // One promise for every render. A failed load stays failed and the page throws its error,
  // as React.lazy does.
  const code = () =>
    (loading ??= load().then(
      async (module) => {
        // `in`, not a read: the tests' mocked modules throw when asked for an export they lack.
        if ('firstScreenNeeds' in module) await module.firstScreenNeeds?.();
        return (loaded = module.default);
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  function Lazy(props: P) {
    if (loaded) return createElement(loaded, props);
    if (failure) throw failure.error;
    // Suspends until the code is here (or has failed), the way React.lazy itself does.
    throw code();
  }
  const preload = () => {
    void alsoNeeds?.().catch(() => undefined);
    return code().then(
      () => undefined,
      () => undefined,
    );
  };
  return Object.assign(Lazy, { preload });
}
