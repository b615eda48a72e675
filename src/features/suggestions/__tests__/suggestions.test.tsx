import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { suggestionState } from '../../../mocks/suggestion-handlers';
import { renderApp, signInAs } from '../../../test/render-app';

/** The seeded article "How to reset your VPN token" (mocks/records-data.ts), made public. */
function publicVpnArticle(): number {
  const at = db.records.findIndex(
    (r) => r.object_type === 'C' && r.title === 'How to reset your VPN token',
  );
  const article = db.records[at];
  if (article?.object_type !== 'C') throw new Error('no VPN article in the mock data');
  db.records[at] = { ...article, is_public: true };
  return article.id;
}

describe('suggestions while a ticket is typed', () => {
  it('suggests an article below the subject, opens it in a side panel and keeps what was typed', async () => {
    const id = publicVpnArticle();
    signInAs('alice@example.com');
    const { user } = renderApp('/contact');
    const subject = await screen.findByLabelText('Subject');
    await user.type(subject, 'vpn tok');
    const list = await screen.findByRole('region', {
      name: 'Articles that may answer your question',
    });
    const link = within(list).getByRole('button', { name: 'How to reset your VPN token' });
    await user.click(link);
    // The side panel is a dialog named by the article's title.
    const panel = await screen.findByRole('dialog', { name: 'How to reset your VPN token' });
    expect(await within(panel).findByText('Open the full article in a new tab')).toHaveAttribute(
      'href',
      `/help/articles/${id}`,
    );
    expect(suggestionState().views.map((v) => v.recordId)).toEqual([id]);
    await user.click(within(panel).getByRole('button', { name: 'Close the article' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Subject')).toHaveValue('vpn tok');
  });
});
