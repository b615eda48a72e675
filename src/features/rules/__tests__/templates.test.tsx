import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('templates page', () => {
  it('writes a template with placeholders, previews it with a real ticket and deletes it after confirming', async () => {
    signInAs('agent@example.com');
    const ticket = db.records.find(
      (r): r is Extract<typeof r, { object_type: 'T' }> => r.object_type === 'T' && !r.is_draft,
    );
    if (!ticket) throw new Error('no ticket in the mock data');
    const { user } = renderApp('/templates');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mail templates' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No templates yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a template' }));
    const editor = screen.getByRole('form', { name: 'New template' });
    await user.type(within(editor).getByLabelText('Name'), 'Acknowledgement');

    // A placeholder goes where the cursor is, in the text last focused.
    await user.type(within(editor).getByLabelText('Subject (English)'), 'Re: ');
    await user.click(screen.getByRole('button', { name: 'Insert {{ticket.subject}}' }));
    expect(within(editor).getByLabelText('Subject (English)')).toHaveValue(
      'Re: {{ticket.subject}}',
    );
    await user.type(within(editor).getByLabelText('Body (English)'), 'Hello ');
    await user.click(screen.getByRole('button', { name: 'Insert {{requester.name}}' }));
    // A placeholder that does not exist: the server's message beside the Spanish body.
    await user.type(within(editor).getByLabelText('Body (Spanish)'), 'Hola {{{{nobody.here}}');
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    const spanish = within(editor).getByLabelText('Body (Spanish)');
    await waitFor(() =>
      expect(spanish).toHaveAccessibleDescription('Unknown placeholder: {{nobody.here}}.'),
    );
    expect(db.ruleTemplates).toHaveLength(0);

    // The preview fills the English version with the ticket's values.
    await user.type(screen.getByLabelText('Ticket number'), String(ticket.id));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const result = await screen.findByRole('region', { name: 'Preview result' });
    expect(result).toHaveTextContent(`Subject: Re: ${ticket.subject}`);
    const requester = db.users.find((u) => u.id === ticket.requester_id);
    expect(result).toHaveTextContent(`Hello ${requester?.fullname ?? ticket.requester_name}`);
    // In Spanish, the unknown placeholder is named beside the preview.
    await user.selectOptions(screen.getByLabelText('Preview language'), 'es');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('Unknown placeholder: {{nobody.here}}.', {
        selector: '.text-danger',
      }),
    ).toBeInTheDocument();

    await user.clear(spanish);
    await user.type(spanish, 'Hola {{{{requester.name}}');
    await user.click(within(editor).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(db.ruleTemplates[0]).toMatchObject({
      name: 'Acknowledgement',
      subject_en: 'Re: {{ticket.subject}}',
    });
    expect(db.ruleTemplates[0].body_en).toContain('Hello {{requester.name}}');

    // In use by a trigger: the dialog says which; then unused, it goes.
    db.triggers.push({
      id: db.nextTriggerId++,
      name: 'Acme triage',
      active: true,
      position: 1,
      event: 'ticket_created',
      match: 'all',
      conditions: [],
      actions: [{ type: 'send_mail', template_id: db.ruleTemplates[0].id, to: 'requester' }],
      stop: false,
      updated_at: new Date().toISOString(),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Acknowledgement' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('“Acknowledgement” is deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'Triggers use this template: Acme triage. Change them first.',
      ),
    ).toBeInTheDocument();
    db.triggers = [];
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No templates yet.')).toBeInTheDocument();
    expect(db.ruleTemplates).toHaveLength(0);
  });
});
