import { startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { waitFor } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { usePageTitle } from '../../lib/page-title';
import { PageHeader } from '../page-header';

describe('the page header', () => {
  it("shows the title a page sets in the page's own commit, before the browser may paint", async () => {
    // A first screen: the header and the page mount together, in a transition as main.tsx
    // renders. The title must be in the DOM before the tasks end (a microtask after the page's
    // layout effects), or a phone paints the page and then pushes it down by the title's height.
    let seen: string | null | undefined;
    function Page() {
      usePageTitle('My tickets');
      useLayoutEffect(() => {
        queueMicrotask(() => {
          seen = document.querySelector('h1')?.textContent ?? null;
        });
      }, []);
      return <p>rows</p>;
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <Provider store={makeStore()}>
          <MemoryRouter>
            <PageHeader />
            <Page />
          </MemoryRouter>
        </Provider>,
      ),
    );
    await waitFor(() => expect(seen).not.toBeUndefined());
    expect(seen).toBe('My tickets');
    root.unmount();
    container.remove();
  });
});
