// The one-line rule in the forms (lib/one-line.ts): a subject with a tab, a C1 control character
// or U+2028 gets the server's field message beside the field, before anything is sent.
import { screen } from '@testing-library/react';
import i18n from '../../../lib/i18n';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';
import { recordSchema } from '../components/record-values';
import { TICKET } from '../kinds';

const MESSAGE =
  'This text must be one line: line breaks, tabs and control characters are not allowed.';

describe('a one-line field in a form', () => {
  it('shows the message beside Subject and sends nothing', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    const subject = await screen.findByLabelText('Subject');
    await user.click(subject);
    // Pasted: typing a tab would move the focus.
    await user.paste('Printer\tjams');
    const before = db.records.length;
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(subject).toHaveAccessibleDescription(MESSAGE);
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(db.records).toHaveLength(before);
  });

  it('refuses what the server refuses, in English and Spanish, and takes accents and emoji', async () => {
    const t = i18n.getFixedT('en');
    const schema = recordSchema(TICKET, t, true);
    for (const bad of ['a\u0085b', 'a\u2028b', 'a\u007fb', 'a\u0001b']) {
      await expect(schema.validate({ subject: bad })).rejects.toThrow(MESSAGE);
    }
    await expect(schema.validate({ subject: 'Café ñandú 👩‍👩‍👧' })).resolves.toBeTruthy();
    const es = recordSchema(TICKET, i18n.getFixedT('es'), true);
    await expect(es.validate({ subject: 'a\u2028b' })).rejects.toThrow(
      'Este texto debe ser de una sola línea: no se permiten saltos de línea, tabulaciones ni ' +
        'caracteres de control.',
    );
  });
});
