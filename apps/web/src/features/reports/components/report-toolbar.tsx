import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Menu, NumberInput, Radio, Stack } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconAdjustments, IconChevronDown, IconDownload, IconRestore } from '@tabler/icons-react';
import type { ChartDataGroupBy, ReadingTakenTime } from '@resonant/contracts/reports';
import { CALENDAR_LABELS } from '../../../components/calendar-labels.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showRequestError } from '../../../lib/notify.tsx';
import {
  DEFAULT_CHART_SETTINGS,
  SERIES,
  Y_AXIS_TICK,
  type ChartSettings,
  type SeriesKey,
} from '../chart-settings.ts';
import { dayString } from '../report-range.ts';
import type { ReportView } from '../report-view.ts';

type ReportToolbarProps = {
  /** Readings also choose the reading time and the grouping. */
  kind: 'readings' | 'sessions';
  /** The tab's range and chart settings, which the toolbar changes. */
  view: ReportView;
  /** Saves the CSV of the picked users or of every member; the toolbar shows its progress. */
  onDownload: (members: 'picked' | 'all') => Promise<void>;
  downloadDisabled?: boolean;
};

const READING_TIME_OPTIONS: { value: ReadingTakenTime; label: string }[] = [
  { value: 'whole_day', label: 'Whole day' },
  { value: 'until_mid_day', label: 'Until mid-day' },
  { value: 'after_mid_day', label: 'After mid-day' },
];

const GROUP_BY_OPTIONS: { value: ChartDataGroupBy; label: string }[] = [
  { value: 'distinct', label: 'Distinct' },
  { value: 'average', label: 'Daily average' },
];

const sameSettings = (a: ChartSettings, b: ChartSettings) =>
  a.yAxisMax === b.yAxisMax &&
  a.readingTakenTime === b.readingTakenTime &&
  a.groupBy === b.groupBy &&
  a.series.length === b.series.length &&
  a.series.every((key) => b.series.includes(key));

/**
 * A history tab's tools: the date range (no future day), the chart customisation dialog, 'Default
 * chart settings' and the CSV download of the picked users or of all members. Wraps on a phone.
 */
export function ReportToolbar({
  kind,
  view: { range, setRange, settings, setSettings },
  onDownload,
  downloadDisabled = false,
}: ReportToolbarProps) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pending, setPending] = useState<DatesRangeValue<string> | null>(null);
  const [downloading, setDownloading] = useState(false);
  const today = dayString(new Date());

  const download = async (members: 'picked' | 'all') => {
    setDownloading(true);
    try {
      await onDownload(members);
    } catch (error) {
      showRequestError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DatePickerInput
        type="range"
        label="Date range"
        valueFormat="MMM D, YYYY"
        maxDate={today}
        allowSingleDateInRange
        value={pending ?? [range.from, range.to]}
        onChange={(value) => {
          const [from, to] = value;
          if (from && to) {
            setPending(null);
            setRange({ from, to });
          } else setPending(value);
        }}
        popoverProps={{ onClose: () => setPending(null) }}
        ariaLabels={CALENDAR_LABELS}
        miw={250}
        style={{ flex: '1 1 250px', maxWidth: 320 }}
      />
      <Button
        variant="default"
        leftSection={<IconAdjustments size={16} aria-hidden />}
        onClick={() => setDialogOpen(true)}
      >
        Customize chart
      </Button>
      <Button
        variant="subtle"
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={() => setSettings(DEFAULT_CHART_SETTINGS)}
        disabled={sameSettings(settings, DEFAULT_CHART_SETTINGS)}
      >
        Default chart settings
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={downloading}
            disabled={downloadDisabled}
          >
            Download CSV
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void download('picked')}>The picked users</Menu.Item>
          <Menu.Item onClick={() => void download('all')}>All members</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChartSettingsDialog
        kind={kind}
        opened={dialogOpen}
        settings={settings}
        onClose={() => setDialogOpen(false)}
        onSave={(next) => {
          setSettings(next);
          setDialogOpen(false);
        }}
      />
    </Group>
  );
}

type ChartSettingsDialogProps = {
  kind: 'readings' | 'sessions';
  opened: boolean;
  settings: ChartSettings;
  onClose: () => void;
  onSave: (settings: ChartSettings) => void;
};

/** The chart customisation dialog: a draft of the settings, applied on Save. */
function ChartSettingsDialog({
  kind,
  opened,
  settings,
  onClose,
  onSave,
}: ChartSettingsDialogProps) {
  const [draft, setDraft] = useState(settings);
  const [openedWith, setOpenedWith] = useState<ChartSettings | null>(null);
  // Each opening starts from the settings in force.
  if (opened && openedWith !== settings) {
    setOpenedWith(settings);
    setDraft(settings);
  }
  if (!opened && openedWith !== null) setOpenedWith(null);

  const yAxisValid = Number.isFinite(draft.yAxisMax) && draft.yAxisMax >= Y_AXIS_TICK;
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (!yAxisValid || draft.series.length === 0) return;
    onSave(draft);
  };

  return (
    <FormDialog
      opened={opened}
      title="Customize chart"
      dirty={!sameSettings(draft, settings)}
      busy={false}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Apply"
      submitDisabled={!yAxisValid || draft.series.length === 0}
    >
      <Checkbox.Group
        label="Series"
        value={draft.series}
        onChange={(value) => setDraft({ ...draft, series: value as SeriesKey[] })}
        error={draft.series.length === 0 ? 'Pick at least one series' : undefined}
      >
        <Stack gap={6} mt={6}>
          {SERIES.map((series) => (
            <Checkbox key={series.key} value={series.key} label={series.name} />
          ))}
        </Stack>
      </Checkbox.Group>
      <NumberInput
        label="Y-axis maximum"
        min={Y_AXIS_TICK}
        step={Y_AXIS_TICK}
        allowDecimal={false}
        value={draft.yAxisMax}
        onChange={(value) =>
          setDraft({ ...draft, yAxisMax: typeof value === 'number' ? value : NaN })
        }
        error={yAxisValid ? undefined : `Must be at least ${Y_AXIS_TICK}`}
      />
      {kind === 'readings' && (
        <>
          <Radio.Group
            label="Reading time"
            value={draft.readingTakenTime}
            onChange={(value) =>
              setDraft({ ...draft, readingTakenTime: value as ReadingTakenTime })
            }
          >
            <Group gap="md" mt={6}>
              {READING_TIME_OPTIONS.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label="Grouping"
            value={draft.groupBy}
            onChange={(value) => setDraft({ ...draft, groupBy: value as ChartDataGroupBy })}
          >
            <Group gap="md" mt={6}>
              {GROUP_BY_OPTIONS.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Radio.Group>
        </>
      )}
    </FormDialog>
  );
}
