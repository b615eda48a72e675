import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { vi } from 'vitest';
import { renderApp, signInAs } from '../../../test/render-app';

vi.mock('react-apexcharts', () => ({ default: () => <div data-testid="apex-chart" /> }));

async function violations(container: HTMLElement) {
  // jsdom has no layout: colour contrast is checked by the browser journeys.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('issue 5 pages accessibility', () => {
  const pages: [string, string, () => Promise<unknown>][] = [
    [
      '/search?q=wi-fi&type=C',
      'bob@example.com',
      () => screen.findByRole('list', { name: /Results/ }),
    ],
    [
      '/dashboard/default',
      'agent@example.com',
      () => screen.findByRole('heading', { name: 'Open per help desk' }),
    ],
    [
      '/charts/apex?from=2026-10-01&to=2026-10-31',
      'agent@example.com',
      () => screen.findByRole('figure', { name: 'Tickets by status' }),
    ],
    [
      '/content-collector?category_id=13',
      'alice@example.com',
      () => screen.findByRole('list', { name: 'Content in Network' }),
    ],
    [
      '/content-collector-maintenance',
      'agent@example.com',
      () => screen.findByRole('button', { name: 'Rename Network' }),
    ],
    ['/favourites', 'alice@example.com', () => screen.findByLabelText('Find a category')],
    ['/contact', 'alice@example.com', () => screen.findByRole('heading', { name: 'Network' })],
    ['/home', 'alice@example.com', () => screen.findByRole('heading', { name: 'Latest articles' })],
    [
      '/whats-new',
      'alice@example.com',
      () => screen.findByRole('link', { name: 'Booking a meeting room' }),
    ],
  ];
  for (const [path, email, ready] of pages) {
    it(`${path} has no axe violations`, async () => {
      signInAs(email);
      renderApp(path);
      await ready();
      expect(await violations(screen.getByRole('main'))).toEqual([]);
    });
  }
});
