import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { db } from '../../../mocks/db';
import { signInAs } from '../../../test/render-app';
import { renderPanels } from './render-panels';

describe('work panels accessibility', () => {
  it('an agent view with files, messages and mails has no axe violations', async () => {
    signInAs('agent@example.com');
    db.work.messages.push({
      id: 900,
      record_id: 1,
      thread: 'communication',
      author_id: 2,
      author_name: 'Alice Example',
      sent_as: 'self',
      sent_as_name: 'Alice Example',
      action: 'reply',
      body: '<p>Hello</p>',
      forward_to: null,
      time_spent_minutes: null,
      created_at: '2026-01-01T10:00:00.000Z',
      channel: 'web',
      quoted_body: null,
      from_email: null,
      sender_verified: true,
    });
    db.work.mails.push({
      id: 901,
      record_id: 1,
      to_email: 'alice@example.com',
      subject: '[#1] VPN drops every hour',
      kind: 'message',
      sent_at: '2026-01-01T10:00:00.000Z',
      state: 'sent',
      error: null,
      message_id: null,
      attempts: 1,
      updated_at: '2026-01-01T10:00:00.000Z',
    });
    const { container } = renderPanels(1, 'agent', true);
    await within(screen.getByRole('region', { name: 'Conversation' })).findByText('Hello');
    await within(screen.getByRole('region', { name: 'Communication log' })).findByText(
      'alice@example.com',
    );
    // jsdom has no layout: colour contrast is checked by the browser journeys.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});
