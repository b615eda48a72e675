import { startTransition, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { waitFor } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { PageHeader } from '../../layouts/page-header';
import { usePageTitle } from '../page-title';

/** What the header showed once the task that drew the page ended (before a browser paints). */
const shownAfterTask: string[] = [];

function Page({ title }: { title: string }) {
  usePageTitle(title, [{ label: 'Home', path: '/home' }]);
  useLayoutEffect(() => {
    queueMicrotask(() => shownAfterTask.push(document.querySelector('h1')?.textContent ?? ''));
  }, [title]);
  return <p>{title}</p>;
}

describe('usePageTitle', () => {
  const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actEnvironment: boolean | undefined;
  beforeEach(() => {
    // As in a browser: React schedules its work in tasks of its own, not inside act().
    actEnvironment = g.IS_REACT_ACT_ENVIRONMENT;
    g.IS_REACT_ACT_ENVIRONMENT = false;
    shownAfterTask.length = 0;
  });
  afterEach(() => {
    g.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('shows a page’s new title in the task that draws the page, so nothing shifts after a paint', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const store = makeStore();
    const draw = (title: string) =>
      root.render(
        <Provider store={store}>
          <MemoryRouter>
            <PageHeader />
            <Page title={title} />
          </MemoryRouter>
        </Provider>,
      );
    flushSync(() => draw('Ticket details'));
    // The record arrives in a background render (useDeferredAppSelector), as on a details page.
    startTransition(() => draw('Printer on floor 3 jams on every second page'));
    await waitFor(() => expect(shownAfterTask).toHaveLength(2));
    expect(shownAfterTask[1]).toBe('Printer on floor 3 jams on every second page');
    expect(document.title).toBe('Printer on floor 3 jams on every second page | Helpdesk');
    flushSync(() => root.unmount());
    container.remove();
  });
});
