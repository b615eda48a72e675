import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signInAs } from '../../../test/render-app';

// The card is a lazy chunk of the details page: transformed once here, not inside a wait.
beforeAll(async () => {
  await import('../components/translation-card');
});

const card = () => screen.findByRole('region', { name: 'Language and translation' });

describe('Language and translation card (agents, content details)', () => {
  it('sets the language, links a translation found by title, then unlinks it', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_content/details?hdContentId=33');
    const box = await card();
    const language = await within(box).findByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('en');
    expect(within(box).getByTestId('translation-link')).toHaveTextContent(
      'None: readers of the other language are told this article exists only in English.',
    );

    // Two English articles are no translations of each other: the server's word under the field.
    const find = within(box).getByRole('searchbox', { name: 'Find its translation by title' });
    await user.type(find, 'Booking');
    const [first] = await within(box).findAllByRole('button', {
      name: 'Link Booking a meeting room as the translation',
    });
    await user.click(first);
    expect(
      await within(box).findByText('A translation must be in the other language.'),
    ).toBeInTheDocument();

    await user.selectOptions(language, 'es');
    expect(await screen.findByText('The language is saved.')).toBeInTheDocument();
    await waitFor(() => expect(language).toHaveValue('es'));
    expect(within(box).getByTestId('translation-link')).toHaveTextContent('exists only in Spanish');

    await user.clear(find);
    await user.type(find, 'Booking');
    const [again] = await within(box).findAllByRole('button', {
      name: 'Link Booking a meeting room as the translation',
    });
    await user.click(again);
    expect(await screen.findByText('The translation is linked.')).toBeInTheDocument();
    const linked = await within(box).findByRole('link', {
      name: 'Booking a meeting room (English)',
    });
    expect(linked.getAttribute('href')).toMatch(/^\/hd_content\/details\?hdContentId=\d+$/);
    // Linked, there is nothing to search for.
    expect(within(box).queryByRole('searchbox')).toBeNull();
    // The history says so (in the timeline and in the history list).
    expect(
      await screen.findAllByText(/Agent Smith linked the translation Booking a meeting room/),
    ).not.toHaveLength(0);

    await user.click(
      within(box).getByRole('button', { name: 'Unlink the translation Booking a meeting room' }),
    );
    expect(await screen.findByText('The translation is unlinked.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(box).getByTestId('translation-link')).toHaveTextContent(/^Translation: None/),
    );
  });

  it('is not shown to the author who is no agent', async () => {
    signInAs('alice@example.com');
    renderApp('/content/my_content/details?contentId=33');
    expect(await screen.findByRole('heading', { level: 1, name: 'Holiday policy' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Language and translation' })).toBeNull();
  });
});
