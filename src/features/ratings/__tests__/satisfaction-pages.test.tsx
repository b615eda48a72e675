import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../lib/api-client';
import { db } from '../../../mocks/db';
import { solveTicket } from '../../../mocks/rating-handlers';
import { renderApp, signInAs } from '../../../test/render-app';

/** Alice's first submitted ticket, solved (a survey starts) and rated by her through the API. */
async function ratedTicket(rating: 'good' | 'bad', comment: string) {
  const alice = signInAs('alice@example.com');
  const ticket = db.records.find(
    (r) => r.object_type === 'T' && r.requester_id === alice.id && !r.is_draft,
  );
  if (!ticket || ticket.object_type !== 'T') throw new Error('alice has no ticket');
  solveTicket(ticket);
  const answer = await api.put('/api/ticket/{id}/satisfaction/', {
    path: { id: ticket.id },
    body: { rating, comment },
    signal: new AbortController().signal,
  });
  if (answer.status !== 200) throw new Error(`rating answered ${answer.status}`);
  return ticket;
}

describe('the desks’ satisfaction survey on the help desks page', () => {
  it('an administrator turns a desk’s survey off, and it stays off', async () => {
    signInAs('agent@example.com');
    const { user, unmount } = renderApp('/admin/helpdesks');
    const section = await screen.findByRole('region', { name: 'Satisfaction survey' });
    const facilities = await within(section).findByRole('switch', {
      name: 'Send the satisfaction survey for Facilities',
    });
    expect(facilities).toBeChecked();
    await user.click(facilities);
    await waitFor(() => expect(facilities).not.toBeChecked());
    expect(await screen.findByText('The survey setting was saved.')).toBeInTheDocument();
    unmount();

    renderApp('/admin/helpdesks');
    const again = await screen.findByRole('switch', {
      name: 'Send the satisfaction survey for Facilities',
    });
    await waitFor(() => expect(again).not.toBeChecked());
    expect(screen.getByRole('switch', { name: /for Network$/ })).toBeChecked();
  });
});

describe('satisfaction on the charts page', () => {
  it('shows a rating per desk, per agent and per week, with captions', async () => {
    const ticket = await ratedTicket('bad', 'Too slow');
    signInAs('agent@example.com');
    const today = new Date().toISOString().slice(0, 10);
    renderApp(`/charts/apex?from=${today}&to=${today}`);
    const byDesk = await screen.findByRole('table', {
      name: `Satisfaction per help desk, ${today} to ${today}`,
    });
    const deskRow = within(byDesk).getByRole('row', { name: new RegExp(ticket.hd_name) });
    expect(
      within(deskRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '1', '0 %']);
    expect(
      screen.getByRole('table', { name: `Satisfaction per agent, ${today} to ${today}` }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: `Satisfaction per week, ${today} to ${today}` }),
    ).toBeInTheDocument();
  });

  it('says so when no rating was given in the period', async () => {
    signInAs('agent@example.com');
    renderApp('/charts/apex?from=2026-01-05&to=2026-01-11');
    const section = await screen.findByRole('region', { name: 'Satisfaction' });
    expect(await within(section).findByText('No ratings in this period.')).toBeInTheDocument();
  });
});

describe('the rating filter of the agents’ ticket list', () => {
  it('Bad keeps only the tickets last rated bad', async () => {
    const ticket = await ratedTicket('bad', 'Too slow');
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket');
    const rows = () =>
      within(screen.getByRole('table', { name: 'All tickets' }))
        .getAllByRole('row')
        .slice(1);
    await waitFor(() => expect(rows().length).toBeGreaterThan(1));
    await user.selectOptions(screen.getByLabelText('Satisfaction'), 'Bad');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(ticket.subject);

    await user.selectOptions(screen.getByLabelText('Satisfaction'), 'Good');
    expect(await screen.findByText('No tickets found.')).toBeInTheDocument();
  });
});
