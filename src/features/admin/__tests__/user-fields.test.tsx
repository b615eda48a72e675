// A user's custom fields on the Agents and users page: an agent opens them from the user's row,
// changes two and saves them together; closing the panel hides it.
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

function defineFields() {
  const base = {
    object_type: 'U' as const,
    help_en: '',
    help_es: '',
    required_for_agents: false,
    shown_to_requesters: false,
    editable_by_requesters: false,
    required_when_raising: false,
    hd_ids: [],
    choices: [],
    default_value: null,
    active: true,
    version: 1,
  };
  db.customFields.push(
    {
      ...base,
      id: 500,
      key: 'vip',
      type: 'checkbox',
      label_en: 'VIP',
      label_es: 'VIP',
      position: 1,
    },
    {
      ...base,
      id: 501,
      key: 'badge',
      type: 'number',
      label_en: 'Badge number',
      label_es: 'Número de tarjeta',
      help_en: 'On the back of the card.',
      position: 2,
    },
  );
  db.customFieldSets.U += 2;
}

describe('a user’s custom fields', () => {
  it('an agent opens a user’s fields from the list and saves a change', async () => {
    defineFields();
    const alice = db.users.find((u) => u.email === 'alice@example.com')!;
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: `Fields of ${alice.fullname}` }));
    const panel = within(
      await screen.findByRole('region', { name: `Fields of ${alice.fullname}` }),
    );
    const vip = await panel.findByLabelText('VIP');
    expect(vip).not.toBeChecked();
    expect(panel.getByLabelText('Badge number')).toHaveAccessibleDescription(
      'On the back of the card.',
    );
    await user.click(vip);
    await user.type(panel.getByLabelText('Badge number'), '42');
    await user.click(panel.getByRole('button', { name: 'Save fields' }));
    await waitFor(() => expect(db.userFields[alice.id]).toEqual({ vip: true, badge: 42 }));
    expect(await screen.findByText('Fields saved.')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: `Fields of ${alice.fullname}` })).toBeNull();
  });
});
