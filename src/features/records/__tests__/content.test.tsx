import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

describe('content', () => {
  it('validates and creates a content item, then shows its details', async () => {
    signInAs('bob@example.com');
    const { user } = renderApp('/content-input');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Write content' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Submit content' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Body is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose a content type.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Help desk')).toHaveValue('5'));

    await user.type(screen.getByLabelText('Title'), 'Using the new coffee machine');
    await user.click(screen.getByRole('textbox', { name: 'Body' }));
    await user.paste('Press the big button.');
    await user.selectOptions(screen.getByLabelText('Content type'), 'How-to');
    await user.click(screen.getByRole('button', { name: 'Submit content' }));
    expect(await screen.findByText('Content created')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Using the new coffee machine' }),
    ).toBeInTheDocument();
    const created = db.records.at(-1);
    expect(created).toMatchObject({ object_type: 'C', author_id: 3, status_name: 'In review' });
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/content/my_content/details?contentId=${created?.id}`,
    );
    expect(screen.getByText('Press the big button.')).toBeInTheDocument();
  });

  it('lists my content with its columns', async () => {
    signInAs('alice@example.com');
    renderApp('/content/my_content');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My content' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My content' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title↕', 'Status↕', 'Content type', 'Help desk', 'Created▼', 'Updated↕']);
    expect(within(table).getAllByRole('row')).toHaveLength(8); // 7 items + header
    expect(within(table).getByRole('link', { name: 'Holiday policy' })).toHaveAttribute(
      'href',
      '/content/my_content/details?contentId=33',
    );
    expect(screen.getByLabelText('Search in title')).toBeInTheDocument();
    expect(screen.getByLabelText('Content type')).toBeInTheDocument();
  });

  it('my content drafts open the form with the draft', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/content/my_content/draft');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My content drafts' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Setting up two-factor sign-in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finish your draft' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Setting up two-factor sign-in');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/content/my_content/draft?contentId=38',
    );
    expect(screen.getByRole('button', { name: 'Discard draft' })).toBeInTheDocument();
  });

  it('shows content details; hd_content/draft lists every draft for an agent', async () => {
    signInAs('agent@example.com');
    const { unmount } = renderApp('/hd_content/details?hdContentId=33');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Holiday policy' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Author')).toBeInTheDocument();
    expect(screen.getByText('Author').nextElementSibling).toHaveTextContent('Alice Example');
    unmount();

    renderApp('/hd_content/draft');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content drafts' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      within(table).getByRole('link', { name: 'Setting up two-factor sign-in' }),
    ).toHaveAttribute('href', '/hd_content/details?hdContentId=38');
  });

  it('hd_content is not-found for a regular user', async () => {
    signInAs('bob@example.com');
    renderApp('/hd_content');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });
});
