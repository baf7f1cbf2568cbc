import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { CALENDAR_LABELS } from './calendar-labels.ts';

// DateInput parses typed dates with this plugin; registered here, with the one date input, so
// dayjs stays out of the first page load.
dayjs.extend(customParseFormat);

/**
 * The one date input: Mantine's DateInput whose Esc closes only its open calendar. While the
 * calendar is open the input carries `data-mantine-stop-propagation`, the mark Mantine's own
 * pickers (Select, Menu) set, so a dialog around it ignores that Esc.
 */
export function DateField({ popoverProps, ...props }: DateInputProps) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      ariaLabels={CALENDAR_LABELS}
      {...props}
      data-mantine-stop-propagation={calendarOpen || undefined}
      popoverProps={{
        withinPortal: true,
        ...popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
    />
  );
}
