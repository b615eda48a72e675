import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A lazy page or layout that can start loading its code before React renders it. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => void;
};

/**
 * `load` is the page's code; `alsoNeeds` is code its first request needs (its feature's saga,
 * which otherwise starts loading only once the page has rendered and asked for its data).
 * Both start loading on `preload`.
 */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  alsoNeeds?: () => Promise<unknown>,
): LazyPage<P> {
  // The module map keeps one copy: React.lazy's own load later gets the same module.
  const preload = () => {
    void load().catch(() => undefined);
    void alsoNeeds?.().catch(() => undefined);
  };
  return Object.assign(lazy(load), { preload });
}
