import { screen, waitFor } from '@testing-library/react';
import { NARROW_QUERY, PHONE_QUERY } from '../../../lib/use-media-query';
import { matchingMedia } from '../../../test/match-media';
import { renderApp, signInAs } from '../../../test/render-app';

// Counts each time a chunk's module is loaded (a file of its own: a fresh module registry).
const loads = vi.hoisted(() => ({ sidePanel: 0, agentActions: 0 }));
vi.mock('../components/view/side-panel', async (importOriginal) => {
  loads.sidePanel += 1;
  return importOriginal();
});
vi.mock('../components/work/agent-actions', async (importOriginal) => {
  loads.agentActions += 1;
  return importOriginal();
});

describe("a record's first screen on a phone, for a regular user", () => {
  beforeEach(() => matchingMedia(PHONE_QUERY, NARROW_QUERY));
  afterEach(() => vi.unstubAllGlobals());

  it("comes without the side panel's and the agents' code; the panel's follows, and opens", async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/my_ticket/details?ticketId=2');
    expect(await screen.findByLabelText('Message')).toBeInTheDocument();
    expect(loads).toEqual({ sidePanel: 0, agentActions: 0 });
    // A moment after the record is shown, so that Show properties opens at once.
    await waitFor(() => expect(loads.sidePanel).toBe(1), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Show properties' }));
    expect(await screen.findByRole('heading', { name: 'Properties' })).toBeInTheDocument();
    expect(loads.agentActions).toBe(0);
  });
});
