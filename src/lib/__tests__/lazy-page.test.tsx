import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from '../lazy-page';

describe('lazyPage', () => {
  it('preload starts loading the page and the code its first request needs, together', () => {
    const page = vi.fn(() => new Promise<{ default: () => null }>(() => undefined));
    const saga = vi.fn(() => new Promise(() => undefined));
    const row = lazyPage(page, saga);
    expect(page).not.toHaveBeenCalled();
    void row.preload();
    expect(page).toHaveBeenCalledOnce();
    expect(saga).toHaveBeenCalledOnce();
  });

  it('a failed preload is left for the page itself to report when it renders', async () => {
    const row = lazyPage(
      () => Promise.reject<{ default: () => null }>(new Error('offline')),
      () => Promise.reject(new Error('offline')),
    );
    await expect(row.preload()).resolves.toBeUndefined();
  });

  // React.lazy shows the fallback on a first render even when the code is here, and React then
  // holds the page back until 300 ms after that fallback appeared.
  it('a page whose code is here renders at once, with no fallback on the way', async () => {
    const Page = lazyPage(async () => ({
      default: function Loaded({ name }: { name: string }) {
        return <h1>Hello {name}</h1>;
      },
    }));
    await Page.preload();
    const fallback = vi.fn(() => <p>Loading…</p>);
    const Fallback = fallback;
    act(() => {
      render(
        <Suspense fallback={<Fallback />}>
          <Page name="Alice" />
        </Suspense>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Hello Alice' })).toBeInTheDocument();
    expect(fallback).not.toHaveBeenCalled();
  });

  it('a page whose code is still on its way shows the fallback, then the page', async () => {
    let arrive: (module: { default: () => React.ReactNode }) => void = () => undefined;
    const Page = lazyPage(
      () => new Promise<{ default: () => React.ReactNode }>((resolve) => (arrive = resolve)),
    );
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    await act(async () => arrive({ default: () => <h1>Arrived</h1> }));
    expect(await screen.findByRole('heading', { name: 'Arrived' })).toBeInTheDocument();
  });

  it('a page whose code fails to load throws its error on render, as React.lazy does', async () => {
    const Page = lazyPage(() => Promise.reject<{ default: () => null }>(new Error('offline')));
    await Page.preload();
    // act() hands on what a render threw (with no error boundary, the app's root would).
    await expect(
      act(async () => {
        render(
          <Suspense fallback={null}>
            <Page />
          </Suspense>,
        );
      }),
    ).rejects.toThrow('offline');
  });

  it("counts as loaded only once the code its module's first screen needs is here", async () => {
    let needsArrive: () => void = () => undefined;
    const needs = new Promise<void>((resolve) => (needsArrive = resolve));
    const Page = lazyPage(async () => ({
      default: () => <h1>Page</h1>,
      firstScreenNeeds: () => needs,
    }));
    let preloaded = false;
    void Page.preload().then(() => (preloaded = true));
    await act(async () => undefined);
    expect(preloaded).toBe(false);
    await act(async () => needsArrive());
    expect(preloaded).toBe(true);
  });
});
