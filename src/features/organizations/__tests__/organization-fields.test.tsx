// An organization's custom fields on its page: an agent changes them and saves; the server's
// message lands under the field; stale definitions are reloaded and the change kept.
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';
import type { CustomField } from '../../custom-fields/types';

const base: Omit<CustomField, 'id' | 'key' | 'type' | 'label_en'> = {
  object_type: 'O',
  label_es: 'es',
  help_en: '',
  help_es: '',
  required_for_agents: false,
  shown_to_requesters: false,
  editable_by_requesters: false,
  required_when_raising: false,
  hd_ids: [],
  choices: [],
  default_value: null,
  position: 1,
  active: true,
  version: 1,
};

function defineTier() {
  db.customFields.push({
    ...base,
    id: 400,
    key: 'tier',
    type: 'single_choice',
    label_en: 'Tier',
    choices: [
      { value: 'gold', label_en: 'Gold', label_es: 'Oro' },
      { value: 'silver', label_en: 'Silver', label_es: 'Plata' },
    ],
  });
  db.customFields.push({
    ...base,
    id: 401,
    key: 'gone',
    type: 'text',
    label_en: 'Gone',
    active: false,
  });
  db.customFieldSets.O += 2;
}

const section = async () => within(await screen.findByRole('region', { name: 'Custom fields' }));

describe('an organization’s custom fields', () => {
  it('lets an agent set them; inactive fields are hidden and keep their values', async () => {
    defineTier();
    db.organizations[0].fields = { gone: 'kept' };
    signInAs('agent@example.com');
    const { user } = renderApp(`/organizations/${db.organizations[0].id}`);
    const fields = await section();
    expect(fields.queryByLabelText('Gone')).not.toBeInTheDocument();
    await user.selectOptions(fields.getByLabelText('Tier'), 'Gold');
    await user.click(fields.getByRole('button', { name: 'Save fields' }));
    await waitFor(() => expect(db.organizations[0].fields).toEqual({ gone: 'kept', tier: 'gold' }));
    await waitFor(async () =>
      expect((await section()).getByRole('button', { name: 'Save fields' })).toBeDisabled(),
    );
    expect((await section()).getByLabelText('Tier')).toHaveValue('gold');
  });

  it('keeps the change when the definitions changed meanwhile, and shows the new ones', async () => {
    defineTier();
    signInAs('agent@example.com');
    const { user } = renderApp(`/organizations/${db.organizations[0].id}`);
    const fields = await section();
    await user.selectOptions(fields.getByLabelText('Tier'), 'Silver');
    db.customFields.push({ ...base, id: 402, key: 'region', type: 'text', label_en: 'Region' });
    db.customFieldSets.O += 1;
    await user.click(fields.getByRole('button', { name: 'Save fields' }));
    expect(await fields.findByRole('alert')).toHaveTextContent('The custom fields changed');
    expect(await fields.findByLabelText('Region')).toBeInTheDocument();
    expect(fields.getByLabelText('Tier')).toHaveValue('silver');
  });
});
