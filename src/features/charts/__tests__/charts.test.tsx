import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { renderApp, signInAs } from '../../../test/render-app';

// jsdom has no canvas or SVG layout: the libraries' React components are stubbed.
vi.mock('react-apexcharts/core', () => ({
  default: ({ type }: { type: string }) => <div data-testid="apex-chart">{type}</div>,
}));
vi.mock('apexcharts/line', () => ({}));
vi.mock('apexcharts/bar', () => ({}));
vi.mock('apexcharts/donut', () => ({}));
vi.mock('apexcharts/features/legend', () => ({}));
vi.mock('react-chartjs-2', () => ({
  Bar: () => <canvas data-testid="chartjs-bar" />,
  Line: () => <canvas data-testid="chartjs-line" />,
  Doughnut: () => <canvas data-testid="chartjs-doughnut" />,
}));

const CAPTIONS = [
  'Tickets opened and closed per day',
  'Tickets by status',
  'Tickets by priority',
  'Tickets by help desk',
  'Content by type',
  'Content by status',
];

describe('charts', () => {
  it('ApexCharts page: a figure per chart with its caption and a data table', async () => {
    signInAs('agent@example.com');
    renderApp('/charts/apex?from=2026-10-01&to=2026-10-31');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Charts (ApexCharts)' }),
    ).toBeInTheDocument();
    for (const caption of CAPTIONS) {
      expect(await screen.findByRole('figure', { name: caption })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: `${caption}: values` })).toBeInTheDocument();
    }
    expect((await screen.findAllByTestId('apex-chart')).length).toBeGreaterThan(0);
    const byStatus = screen.getByRole('table', { name: 'Tickets by status: values' });
    expect(within(byStatus).getByRole('rowheader', { name: 'New' })).toBeInTheDocument();
    const perDay = screen.getByRole('table', { name: 'Tickets opened and closed per day: values' });
    expect(within(perDay).getByRole('columnheader', { name: 'Opened' })).toBeInTheDocument();
    expect(within(perDay).getAllByRole('row')).toHaveLength(32);
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-10-31');
  });

  it('Chart.js page: the same figures, drawn by Chart.js; defaults to the last 30 days', async () => {
    signInAs('agent@example.com');
    renderApp('/charts/chartjs');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Charts (Chart.js)' }),
    ).toBeInTheDocument();
    const to = new Date().toISOString().slice(0, 10);
    expect(await screen.findByLabelText('To')).toHaveValue(to);
  });

  it('Chart.js page with data; an empty period says so', async () => {
    signInAs('agent@example.com');
    renderApp('/charts/chartjs?from=2026-10-01&to=2026-10-31');
    expect(await screen.findByRole('figure', { name: 'Tickets by priority' })).toBeInTheDocument();
    expect(screen.getAllByTestId('chartjs-bar').length).toBeGreaterThan(0);
    expect(screen.getByTestId('chartjs-line')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2020-01-31' } });
    await waitFor(() => expect(screen.queryAllByRole('figure')).toHaveLength(0));
    expect(screen.getByText('No data for this period.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/charts/chartjs?from=2020-01-01&to=2020-01-31',
    );
  });
});
