// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHART_SETTINGS, type ChartSettings } from '../chart-settings.ts';
import { findDialog, renderWithProviders } from '../../../test-support/render.tsx';
import { ReportToolbar } from './report-toolbar.tsx';

function renderToolbar(kind: 'readings' | 'sessions', settings = DEFAULT_CHART_SETTINGS) {
  const onSettingsChange = vi.fn<(settings: ChartSettings) => void>();
  const rendered = renderWithProviders(
    <ReportToolbar
      kind={kind}
      view={{
        range: { from: '2026-11-01', to: '2026-11-30' },
        setRange: vi.fn(),
        settings,
        setSettings: onSettingsChange,
      }}
      onDownload={vi.fn(async () => {})}
    />,
  );
  return { ...rendered, onSettingsChange };
}

describe('the chart settings (Customize chart)', () => {
  it('starts from the defaults and refuses no series or a y-axis under 10', async () => {
    const { events, fill } = renderToolbar('readings');
    expect(screen.getByRole('button', { name: 'Default chart settings' })).toBeDisabled();
    await events.click(screen.getByRole('button', { name: 'Customize chart' }));
    const dialog = await findDialog('Customize chart');
    const apply = dialog.getByRole('button', { name: 'Apply' });
    const series = ['RMSSD', 'MaxMin', 'SDNN', 'LowFrequency', 'HighFrequency', 'VeryLowFrequency'];
    for (const name of series) expect(dialog.getByRole('checkbox', { name })).toBeChecked();
    expect(dialog.getByRole('textbox', { name: 'Y-axis maximum' })).toHaveValue('70');
    expect(dialog.getByRole('radio', { name: 'Whole day' })).toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Distinct' })).toBeChecked();

    for (const name of series) await events.click(dialog.getByRole('checkbox', { name }));
    expect(dialog.getByText('Pick at least one series')).toBeVisible();
    expect(apply).toBeDisabled();
    await events.click(dialog.getByRole('checkbox', { name: 'RMSSD' }));
    expect(apply).toBeEnabled();

    await fill(dialog.getByRole('textbox', { name: 'Y-axis maximum' }), '5');
    expect(await dialog.findByText('Must be at least 10')).toBeVisible();
    expect(apply).toBeDisabled();
  });

  it('applies the series, y-axis, reading time and grouping chosen', async () => {
    const { events, fill, onSettingsChange } = renderToolbar('readings');
    await events.click(screen.getByRole('button', { name: 'Customize chart' }));
    const dialog = await findDialog('Customize chart');
    await events.click(dialog.getByRole('checkbox', { name: 'SDNN' }));
    await fill(dialog.getByRole('textbox', { name: 'Y-axis maximum' }), '100');
    await events.click(dialog.getByRole('radio', { name: 'Until mid-day' }));
    await events.click(dialog.getByRole('radio', { name: 'Daily average' }));
    await events.click(dialog.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(onSettingsChange).toHaveBeenCalledTimes(1));
    expect(onSettingsChange.mock.calls[0]![0]).toEqual({
      series: ['rmssd', 'minMax', 'lf', 'hf', 'vlf'],
      yAxisMax: 100,
      readingTakenTime: 'until_mid_day',
      groupBy: 'average',
    });
  });

  it('sessions choose no reading time; Default chart settings restores the defaults', async () => {
    const { events, onSettingsChange } = renderToolbar('sessions', {
      ...DEFAULT_CHART_SETTINGS,
      yAxisMax: 120,
    });
    await events.click(screen.getByRole('button', { name: 'Customize chart' }));
    const dialog = await findDialog('Customize chart');
    expect(dialog.getByRole('textbox', { name: 'Y-axis maximum' })).toHaveValue('120');
    expect(dialog.queryByRole('radio', { name: 'Whole day' })).toBeNull();
    expect(dialog.queryByRole('radio', { name: 'Distinct' })).toBeNull();
    await events.click(dialog.getByRole('button', { name: 'Cancel' }));

    await events.click(screen.getByRole('button', { name: 'Default chart settings' }));
    expect(onSettingsChange).toHaveBeenCalledWith(DEFAULT_CHART_SETTINGS);
  });
});
