// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MyDashboardResponse } from '@resonant/contracts/my-dashboard';
import { answer } from '../../../test-support/api-server.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { MyDashboardPage } from './my-dashboard-page.tsx';

// jsdom draws no canvas: the chart is stood in for by its accessible name.
vi.mock('../../../components/line-chart.tsx', () => ({
  LineChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const LABELS = [
  'Latest Reading',
  'Previous Reading',
  '7-Day Average',
  '30-Day Average',
  'All-Time Average',
  'Population Norm',
];

function dashboard(overrides: Partial<MyDashboardResponse> = {}): MyDashboardResponse {
  const series = Array.from({ length: 90 }, (_, index) => {
    const date = new Date(Date.UTC(2025, 3, 2 + index)).toISOString().slice(0, 10);
    const known = index >= 60;
    return {
      date,
      morning_rmssd: known ? 50 : null,
      baseline: known ? 48 : null,
      normal_low: known ? 42 : null,
      normal_high: known ? 56 : null,
    };
  });
  return {
    today: '2025-06-30',
    has_readings: true,
    has_baseline: true,
    latest_morning: {
      taken_at: '2025-06-30T06:00:00.000Z',
      date: '2025-06-30',
      rmssd: 50,
      standing: 'within_normal',
      normal_low: 42,
      normal_high: 56,
    },
    current: { baseline: 48, cv_percent: 4.2, normal_low: 42, normal_high: 56 },
    consistency: { valid_mornings: 6, needed: 3, window_days: 7 },
    metrics: LABELS.map((label, index) => ({
      label,
      rmssd: 40 + index,
      unit: 'ms' as const,
      footer: 'footer',
    })),
    series,
    method: {
      baseline_window_days: 7,
      baseline_min_days: 3,
      normal_range_window_days: 60,
      normal_range_min_days: 14,
      normal_range_sd_multiplier: 0.5,
    },
    ...overrides,
  };
}

function show(body: MyDashboardResponse) {
  answer('get', '/v1/dashboard', MyDashboardResponse, body);
  return renderWithProviders(<MyDashboardPage />);
}

describe('MyDashboardPage', () => {
  it('shows the latest morning within the normal range, with baseline, CV, figures and chart', async () => {
    show(dashboard());
    const headline = await screen.findByRole('region', { name: 'Your latest morning' });
    expect(within(headline).getByText('Within your normal range')).toBeVisible();
    expect(within(headline).getByText('50.0 ms')).toBeVisible();
    expect(within(headline).getByText('48.0 ms')).toBeVisible();
    expect(within(headline).getByText('4.2 %')).toBeVisible();
    expect(
      within(headline).getByText(/Your normal range that day was 42\.0–56\.0 ms/),
    ).toBeVisible();
    expect(screen.getByText('6 valid mornings this week (3 needed)')).toBeVisible();
    for (const label of LABELS) expect(screen.getByRole('group', { name: label })).toBeVisible();
    expect(
      within(screen.getByRole('group', { name: 'Population Norm' })).getByText('45.0'),
    ).toBeVisible();
    expect(
      screen.getByRole('img', {
        name: 'Line chart of your last 90 days: morning RMSSD on 30 days, the 7-day baseline on 30 days, the normal range on 30 days.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Not enough data yet')).not.toBeInTheDocument();
  });

  it.each([
    ['below_normal', 'Below your normal range', /Lower than usual for you/],
    ['above_normal', 'Above your normal range', /Higher than usual for you/],
  ] as const)('says in words when the latest morning is %s', async (standing, label, meaning) => {
    const base = dashboard();
    show({ ...base, latest_morning: { ...base.latest_morning!, standing } });
    const headline = await screen.findByRole('region', { name: 'Your latest morning' });
    expect(within(headline).getByText(label)).toBeVisible();
    expect(within(headline).getByText(meaning)).toBeVisible();
  });

  it('says there is not enough data yet, and what to do, before a baseline', async () => {
    const base = dashboard();
    show({
      ...base,
      has_baseline: false,
      latest_morning: {
        ...base.latest_morning!,
        standing: null,
        normal_low: null,
        normal_high: null,
      },
      current: { baseline: null, cv_percent: null, normal_low: null, normal_high: null },
      consistency: { valid_mornings: 2, needed: 3, window_days: 7 },
    });
    expect(await screen.findByText('Not enough data yet')).toBeVisible();
    expect(screen.getByText('2 of 3 valid mornings this week')).toBeVisible();
    expect(screen.getByText(/you have 2 of 3 this week/)).toBeVisible();
    expect(screen.getByText(/Take a reading every morning right after waking/)).toBeVisible();
    expect(screen.getByText(/Your normal range appears once 14 of the last 60 days/)).toBeVisible();
  });

  it('shows only the way to start when there are no readings at all', async () => {
    show(
      dashboard({
        has_readings: false,
        has_baseline: false,
        latest_morning: null,
        current: { baseline: null, cv_percent: null, normal_low: null, normal_high: null },
        consistency: { valid_mornings: 0, needed: 3, window_days: 7 },
      }),
    );
    expect(await screen.findByText('No readings yet')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your latest morning' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('explains the method with its numbers and sources one click away', async () => {
    const { events } = show(dashboard());
    const headline = await screen.findByRole('region', { name: 'Your latest morning' });
    await events.click(within(headline).getByRole('button', { name: 'How is this worked out?' }));
    const dialog = await findDialog('How is this worked out?');
    expect(
      dialog.getByText(/average ln RMSSD of the last 60 days, plus and minus 0.5/),
    ).toBeVisible();
    expect(dialog.getByText(/at least 3 of those days have a morning value/)).toBeVisible();
    expect(dialog.getByText(/Eur J Appl Physiol 2012/)).toBeVisible();
    expect(dialog.getByText(/Int J Sports Physiol Perform 2014/)).toBeVisible();
  });
});
