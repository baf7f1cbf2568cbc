import { useState } from 'react';
import dayjs from 'dayjs';
import type { DateInputProps } from '@mantine/dates';
import { DateField } from './date-field.tsx';

/**
 * A person's date of birth wherever one is typed (sign-up, Add and Edit User, Add Organization):
 * required, YYYY-MM-DD, never after today (SPEC §5).
 */
export function BirthDateField(props: Omit<DateInputProps, 'maxDate' | 'valueFormat'>) {
  const [today] = useState(() => dayjs().format('YYYY-MM-DD'));
  return (
    <DateField
      label="Date of Birth"
      placeholder="YYYY-MM-DD"
      valueFormat="YYYY-MM-DD"
      maxDate={today}
      required
      {...props}
    />
  );
}
