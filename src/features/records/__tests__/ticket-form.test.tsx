import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';

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
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      'Description is required.',
    );
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
