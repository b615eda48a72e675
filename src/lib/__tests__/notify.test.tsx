import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AppProviders } from '../../app/app';
import { makeTestStore } from '../../test/render-app';
import { loadToasts, notifySuccess } from '../notify';

// jsdom runs no CSS animations: a dismissed toast stays in its closing state until the test ends
// its exit animation, which is where react-toastify still holds its id.
async function closeAll(): Promise<void> {
  const { toast } = await loadToasts();
  act(() => toast.dismiss());
  await waitFor(() => expect(document.querySelector('[class*="-exit"]')).not.toBeNull());
}

function finishExits(): void {
  document.querySelectorAll('[class*="-exit"]').forEach((node) => fireEvent.animationEnd(node));
}

it('confirms a second save whose toast comes while the first one is closing', async () => {
  render(<AppProviders store={makeTestStore()}>{null}</AppProviders>);
  notifySuccess('records:toast.contentCreated');
  expect(await screen.findByText('Content created')).toBeVisible();

  await closeAll();
  notifySuccess('records:toast.contentCreated');
  await waitFor(() => expect(screen.getAllByText('Content created')).toHaveLength(2));
  act(finishExits);
  // The first one collapses and goes; the second stays.
  await waitFor(() => expect(screen.getAllByText('Content created')).toHaveLength(1));
  expect(document.querySelector('[class*="-exit"]')).toBeNull();
  expect(screen.getByText('Content created')).toBeVisible();
});

it('shows the same text again in its one toast rather than stacking a second', async () => {
  render(<AppProviders store={makeTestStore()}>{null}</AppProviders>);
  notifySuccess('records:toast.draftSaved');
  expect(await screen.findByText('Draft saved')).toBeVisible();
  const { toast } = await loadToasts();
  const changes: string[] = [];
  const unsubscribe = toast.onChange((item) => {
    if (item.content === 'Draft saved') changes.push(item.status);
  });
  try {
    notifySuccess('records:toast.draftSaved');
    notifySuccess('records:toast.draftSaved');
    // Each is applied, after react-toastify's 100 ms delay, as an update of the one toast.
    await waitFor(() => expect(changes).toEqual(['updated', 'updated']));
    expect(screen.getAllByText('Draft saved')).toHaveLength(1);
  } finally {
    unsubscribe();
  }
});
