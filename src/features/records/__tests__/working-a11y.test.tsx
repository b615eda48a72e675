import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { db, logEvent } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

// jsdom has no layout: colour contrast is checked by the browser journeys.
const check = async (node: Element) => {
  const results = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};

describe('working a record: accessibility', () => {
  it('the sections, the Actions and the Share and Classify dialogs have no axe violations', async () => {
    db.shares = [{ record_id: 2, user_id: 3 }];
    // Someone to find in the Share dialog: not the caller, the owner or Bob (shared already).
    db.users.push({ ...db.users[2], id: 4, fullname: 'Carol Example', email: 'carol@example.com' });
    db.recordCategories = [{ record_id: 2, category_id: 14 }];
    db.relations = [{ a: 2, b: 33 }];
    db.favorites = [{ user_id: 1, category_id: 15 }];
    logEvent(2, 1, 'assigned', { to: 'Agent Smith' });
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket/details?hdTicketId=2');
    await screen.findByRole('group', { name: 'Actions' });
    await within(screen.getByRole('region', { name: 'Related records' })).findByRole('link', {
      name: 'Holiday policy',
    });
    await within(screen.getByRole('region', { name: 'History' })).findByText(/assigned it/);
    await within(screen.getByRole('region', { name: 'Shared with' })).findByText('Bob Example');
    const page = screen.getByRole('region', { name: 'Shared with' }).closest('.row') as Element;
    expect(await check(page)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    const share = await screen.findByRole('dialog', { name: 'Share with people' });
    await user.type(within(share).getByLabelText('Find people'), 'car');
    await within(share).findByRole('button', { name: 'Add Carol Example' });
    expect(await check(share)).toEqual([]);
    await user.click(within(share).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Classify' }));
    const classify = await screen.findByRole('dialog', { name: 'Classify' });
    const network = await within(classify).findByRole('treeitem', { name: /Network/ });
    await user.click(
      within(network).getByRole('button', { name: 'Show the categories under Network' }),
    );
    await within(network).findByRole('checkbox', { name: 'VPN' });
    await within(classify).findAllByRole('checkbox', { name: 'Wi-Fi' });
    expect(await check(classify)).toEqual([]);
  });
});
