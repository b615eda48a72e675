import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';
import { recordsHolders as H } from '../records-slice';

type User = ReturnType<typeof renderApp>['user'];

async function typeDescription(user: User, text: string) {
  const editor = await screen.findByRole('textbox', { name: 'Description' });
  await user.click(editor);
  await user.paste(text);
}

describe('ticket form', () => {
  it('shows the fields with the default help desk', async () => {
    signInAs('alice@example.com');
    renderApp('/ticket/input');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Raise a ticket' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(await screen.findByRole('textbox', { name: 'Description' })).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Help desk')).toHaveValue('1'));
    const helpDesk = screen.getByLabelText('Help desk');
    expect(within(helpDesk).getByRole('option', { name: /Network/ }).textContent).toBe(
      '\u00a0\u00a0\u00a0Network',
    );
    expect(screen.getByLabelText('Priority')).toHaveValue('');
    expect(screen.getByLabelText('Company')).toHaveValue('');
  });

  it('shows the validation messages beside the fields', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    await user.click(await screen.findByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText('Subject is required.')).toBeInTheDocument();
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose a priority.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Subject is required.');
    // The editor takes its ARIA state through TipTap's options, applied after the render.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
        'Description is required.',
      ),
    );
  });

  it('marks an empty Description invalid like the other fields, and clears it when typed', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    await user.type(await screen.findByLabelText('Subject'), 'Printer jams');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    const editor = await screen.findByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(editor).toHaveAttribute('aria-invalid', 'true'));
    expect(editor).toHaveClass('is-invalid');
    expect(editor).toHaveAccessibleDescription('Description is required.');
    expect(screen.getByLabelText('Subject')).not.toHaveAttribute('aria-invalid');
    await typeDescription(user, 'It jams on every page.');
    await waitFor(() => expect(editor).not.toHaveAttribute('aria-invalid'));
    expect(editor).not.toHaveAttribute('aria-describedby');
  });

  it('submits: toast, then the details page', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    await user.type(await screen.findByLabelText('Subject'), 'Mouse is broken');
    await typeDescription(user, 'It clicks twice.');
    await user.selectOptions(screen.getByLabelText('Priority'), 'High');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mouse is broken' }),
    ).toBeInTheDocument();
    const created = db.records.at(-1);
    expect(created).toMatchObject({
      subject: 'Mouse is broken',
      priority_id: 3,
      hd_id: 1,
      is_draft: false,
    });
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/ticket/my_ticket/details?ticketId=${created?.id}`,
    );
    expect(screen.getByText('It clicks twice.')).toBeInTheDocument();
  });
});

describe('ticket form, once submitted', () => {
  it('lets the user go elsewhere before the details page has loaded, without asking', async () => {
    signInAs('alice@example.com');
    const { store, user } = renderApp('/ticket/input');
    await user.type(await screen.findByLabelText('Subject'), 'Mouse is broken');
    // The save has succeeded (as the saga records it, just before it moves to the details page,
    // whose code may still be loading): the form is dirty, but nothing is unsaved.
    const record = { ...db.records[0], subject: 'Mouse is broken', is_draft: false };
    act(() => {
      store.dispatch(H.saveTicketInput.actions.succeeded(record));
    });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'My tickets' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My tickets' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ticket drafts', () => {
  it('shows a server 400 beside the field and keeps what was typed', async () => {
    server.use(
      http.post('*/api/ticket/', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Validation failed',
            fields: { subject: 'Subject is taken today.' },
          },
          { status: 400 },
        ),
      ),
    );
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    await user.type(await screen.findByLabelText('Subject'), 'Printer');
    await typeDescription(user, 'Out of toner.');
    await user.selectOptions(screen.getByLabelText('Priority'), 'Low');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText('Subject is taken today.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Subject is taken today.');
    expect(screen.getByLabelText('Subject')).toHaveValue('Printer');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveTextContent('Out of toner.');
    expect(screen.getByLabelText('Priority')).toHaveValue('1');
    expect(screen.getByTestId('location')).toHaveTextContent('/ticket/input');
  });

  it('a draft needs only the subject; saving stays in the form on /draft, then finishing it', async () => {
    signInAs('alice@example.com');
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (/\/api\/ticket\//.test(request.url) && request.method !== 'GET') {
        void request
          .clone()
          .json()
          .then((body: unknown) => bodies.push([request.method, body]));
      }
    });
    const { user } = renderApp('/ticket/input');
    await user.click(await screen.findByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Subject is required.')).toBeInTheDocument();
    expect(screen.queryByText('Description is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Choose a priority.')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Subject'), 'Half-written');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const draft = db.records.at(-1);
    expect(draft).toMatchObject({ subject: 'Half-written', is_draft: true, version: 1 });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/draft?ticketId=${draft?.id}`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finish your draft' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Subject')).toHaveValue('Half-written');

    // A second save updates the same draft with PUT and its version.
    await user.type(screen.getByLabelText('Subject'), ' more');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(db.records.find((r) => r.id === draft?.id)?.version).toBe(2));
    expect(db.records.filter((r) => 'subject' in r && r.subject.startsWith('Half'))).toHaveLength(
      1,
    );

    // Finishing it: submit with the rest.
    await typeDescription(user, 'Now complete.');
    await user.selectOptions(screen.getByLabelText('Priority'), 'Urgent');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Half-written more' }),
    ).toBeInTheDocument();
    expect(db.records.find((r) => r.id === draft?.id)).toMatchObject({
      is_draft: false,
      version: 3,
      priority_id: 4,
    });
    expect(bodies.map((b) => (b as [string])[0])).toEqual(['POST', 'PUT', 'PUT']);
    expect((bodies[1] as [string, { version: number }])[1].version).toBe(1);
    expect((bodies[2] as [string, { version: number }])[1].version).toBe(2);
    server.events.removeAllListeners();
  });

  it('discards a draft after confirmation', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/draft?ticketId=12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finish your draft' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Discard draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.records.some((r) => r.id === 12)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard this draft?' })).getByRole(
        'button',
        {
          name: 'Discard',
        },
      ),
    );
    expect(await screen.findByText('Draft discarded')).toBeInTheDocument();
    expect(db.records.some((r) => r.id === 12)).toBe(false);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My ticket drafts' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/ticket/my_ticket/draft');
  });

  it('/draft without an id goes to the drafts list', async () => {
    signInAs('alice@example.com');
    renderApp('/draft');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My ticket drafts' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Phone headset crackles' })).toHaveAttribute(
      'href',
      '/draft?ticketId=14',
    );
  });

  it('leaving with unsaved changes asks first', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    await user.type(await screen.findByLabelText('Subject'), 'Unsaved');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'My tickets' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Leave this page? Your changes are not saved.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ticket/input');
    expect(screen.getByLabelText('Subject')).toHaveValue('Unsaved');

    await user.click(within(menu).getByRole('link', { name: 'My tickets' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My tickets' }),
    ).toBeInTheDocument();
  });
});
