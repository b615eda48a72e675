// A small reuse-for-N-seconds cache of one value (the help centre's category tree, most viewed
// articles, a category's list, the sitemap). Once it is older, the next caller still gets it
// while a fresh one loads in the background, so no visitor waits for the reload: the tree's
// counts read every public article (50 ms at 100,000, bench/help-centre.ts). 0 seconds: no
// cache, every call loads.
export function cached<T>(
  seconds: number,
  load: () => Promise<T>,
  now: () => number = Date.now,
): () => Promise<T> {
  let value: { at: number; promise: Promise<T> } | undefined;
  let reloading = false;
  return () => {
    if (seconds === 0) return load();
    if (!value) {
      const promise = load();
      value = { at: now(), promise };
      promise.catch(() => (value = undefined));
    } else if (now() - value.at >= seconds * 1000 && !reloading) {
      reloading = true;
      const promise = load();
      promise.then(
        () => (value = { at: now(), promise }),
        () => undefined, // the old value stays; the next caller tries again
      );
      void promise.finally(() => (reloading = false)).catch(() => undefined);
    }
    return value.promise;
  };
}
