import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { db } from '../../../mocks/db';
import { MAIL_TICKET_ID, seedMailDemo } from '../../../mocks/mail-data';
import { renderApp, signInAs } from '../../../test/render-app';
import { renderPanels } from './render-panels';

const region = (name: string) => screen.getByRole('region', { name });

describe('the mail channel on a record', () => {
  beforeEach(() => seedMailDemo(db));

  it('a mailed message shows its sender; its quoted history opens and closes', async () => {
    signInAs('agent@example.com');
    const { user } = renderPanels(MAIL_TICKET_ID, 'agent');
    const conversation = region('Conversation');
    const [mailed, answer] = await within(conversation).findAllByRole('article');
    expect(within(mailed).getByText('<bob@example.com>')).toBeInTheDocument();
    expect(within(mailed).getByText('via mail')).toBeInTheDocument();
    expect(within(answer).queryByText('via mail')).toBeNull();
    expect(within(answer).queryByRole('button', { name: 'Show quoted text' })).toBeNull();

    const toggle = within(mailed).getByRole('button', { name: 'Show quoted text' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(mailed).queryByText(/Please restart the machine/)).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide quoted text');
    const quoted = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(quoted).toBeVisible();
    expect(quoted).toHaveTextContent('Please restart the machine and tell us if it helps.');
    // By keyboard too.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(quoted).not.toBeVisible();
  });

  it('the communication log shows each mail state, with the reason of a failure or bounce', async () => {
    signInAs('agent@example.com');
    const { container, user } = renderPanels(MAIL_TICKET_ID, 'agent');
    const log = region('Communication log');
    await within(log).findByText('bob.old@example.net');
    const rows = () => within(log).getAllByRole('row').slice(1);
    const stateOf = (row: HTMLElement) => within(row).getAllByRole('cell')[4].textContent;
    expect(rows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'bob@example.com',
      'bob.old@example.net',
      'alice@example.com',
      'bob@example.com',
    ]);
    expect(rows().map(stateOf)).toEqual([
      'Sent',
      'Bounced550 5.1.1 <bob.old@example.net>: Recipient address rejected: User unknown',
      'Failed421 4.7.0 smtp.example.com: Too many connections, try again later',
      'Queued',
    ]);
    expect(within(log).getByRole('columnheader', { name: 'State' })).toBeInTheDocument();

    // The queued mail goes out: Refresh shows it.
    const queued = db.work.mails.find((m) => m.state === 'queued');
    if (queued) queued.state = 'sent';
    await user.click(within(log).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(stateOf(rows()[3])).toBe('Sent'));
    expect(within(log).queryByText('Queued')).toBeNull();

    // jsdom has no layout: colour contrast is checked by the browser journeys.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  it('the hd ticket list and the details say which tickets came in by mail', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket?hd_id=1');
    const table = await screen.findByRole('table', { name: 'All tickets' });
    const mailed = within(table).getByRole('link', { name: 'VPN drops every hour again' });
    const row = mailed.closest('tr') as HTMLElement;
    expect(within(row).getByText('via mail')).toBeInTheDocument();
    expect(within(table).getAllByText('via mail')).toHaveLength(1);

    await user.click(mailed);
    const details = await screen.findByRole('region', { name: 'Details' });
    const channel = within(details).getByText('Came in by').closest('div') as HTMLElement;
    expect(channel).toHaveTextContent('Came in byMail');
  });
});
