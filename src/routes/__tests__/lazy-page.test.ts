import { lazyPage } from '../lazy-page';

describe('lazyPage', () => {
  it('preload starts loading the page and the code its first request needs, together', () => {
    const page = vi.fn(() => new Promise<{ default: () => null }>(() => undefined));
    const saga = vi.fn(() => new Promise(() => undefined));
    const row = lazyPage(page, saga);
    expect(page).not.toHaveBeenCalled();
    row.preload?.();
    expect(page).toHaveBeenCalledOnce();
    expect(saga).toHaveBeenCalledOnce();
  });

  it('a failed preload is left for the page itself to report when it renders', async () => {
    const row = lazyPage(
      () => Promise.reject<{ default: () => null }>(new Error('offline')),
      () => Promise.reject(new Error('offline')),
    );
    expect(() => row.preload?.()).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
