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

describe('answering with articles', () => {
  it("inserts an article's link from the record view's reply box; the sent message says so", async () => {
    const id = publicVpnArticle();
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket/details?hdTicketId=2');
    const message = await screen.findByLabelText('Message');
    await user.click(screen.getByRole('button', { name: 'Insert article' }));
    const picker = await screen.findByRole('dialog', { name: 'Insert an article' });
    // Searching (Enter in the dialog's form) sends nothing: the reply box's form is not submitted.
    await user.type(within(picker).getByLabelText('Search articles'), 'vpn token{Enter}');
    await user.click(
      await within(picker).findByRole('button', {
        name: 'Insert link: How to reset your VPN token',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(message).toHaveValue(
      `How to reset your VPN token: ${window.location.origin}/help/articles/${id}`,
    );
    expect(screen.queryByText('Write a message first.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const timeline = screen.getByRole('list', { name: 'Conversation' });
    expect(
      await within(timeline).findByText('Article sent: How to reset your VPN token'),
    ).toBeInTheDocument();
    expect(within(timeline).getByText(new RegExp(`/help/articles/${id}$`))).toBeInTheDocument();
  });
});
