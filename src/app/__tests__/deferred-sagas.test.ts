import { waitFor } from '@testing-library/react';
import { homeHolders } from '../../features/home/home-slice';
import { layoutActions } from '../../features/layout/layout-slice';
import { server } from '../../mocks/node';
import { makeTestStore, signInAs } from '../../test/render-app';

describe('the store', () => {
  it('hands a request made before the saga runtime has loaded to its saga, which answers it', async () => {
    signInAs('alice@example.com');
    const store = makeTestStore();
    // At once, as a page does on its first render: the sagas' code is still loading.
    store.dispatch(homeHolders.homeData.actions.requested());
    expect(store.getState().holders.homeData.loading).toBe(true);
    await store.ready;
    await waitFor(() => expect(store.getState().holders.homeData.data).not.toBeNull());
    expect(store.getState().holders.homeData).toMatchObject({ loading: false, error: null });
  });

  it('applies the layout to the page at once, without waiting for the sagas', () => {
    const store = makeTestStore();
    store.dispatch(layoutActions.changeLayoutColor('dark'));
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
  });

  it("a stopped store's sagas answer nothing more", async () => {
    signInAs('alice@example.com');
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/home/') asked.push(request.method);
    };
    server.events.on('request:start', onRequest);
    try {
      const store = makeTestStore();
      await store.ready;
      store.stopSagas();
      store.dispatch(homeHolders.homeData.actions.requested());
      // The same request afterwards on a running store: once it is answered, the stopped
      // store's would have been asked and answered too.
      const running = makeTestStore();
      await running.ready;
      running.dispatch(homeHolders.homeData.actions.requested());
      await waitFor(() => expect(running.getState().holders.homeData.data).not.toBeNull());
      expect(asked).toEqual(['GET']);
      expect(store.getState().holders.homeData).toMatchObject({ loading: true, data: null });
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });
});
