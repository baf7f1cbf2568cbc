import type { ReactNode } from 'react';
import { Select, SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { GENDERS } from '@resonant/contracts/profile';
import { BirthDateField } from './birth-date-field.tsx';

/*
 * The fields of a dialog where an admin types someone else's details: required, and never
 * autofilled, since the browser would offer the admin's own name and email.
 */

/** Fields two a row where there is room, one a row on a phone. */
export function FieldPairs({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

interface NameFieldsProps {
  first: GetInputPropsReturnType;
  last: GetInputPropsReturnType;
  maxLength: number;
  /** The labels as the dialog's SPEC text writes them ('First name' in Invite User). */
  labels?: readonly [string, string];
  /** The first name takes the focus when the dialog opens. */
  autofocus?: boolean;
}

/** First and last name, side by side in the caller's grid. */
export function NameFields({
  first,
  last,
  maxLength,
  labels = ['First Name', 'Last Name'],
  autofocus = false,
}: NameFieldsProps) {
  return (
    <>
      <TextInput
        label={labels[0]}
        required
        maxLength={maxLength}
        autoComplete="off"
        data-autofocus={autofocus || undefined}
        {...first}
      />
      <TextInput label={labels[1]} required maxLength={maxLength} autoComplete="off" {...last} />
    </>
  );
}

/** An email address, with what it is used for as its description. */
export function EmailInput({
  label = 'Email',
  placeholder = 'name@example.com',
  autoComplete = 'off',
  ...props
}: TextInputProps) {
  return (
    <TextInput
      label={label}
      type="email"
      placeholder={placeholder}
      required
      autoComplete={autoComplete}
      {...props}
    />
  );
}

interface GenderAndBirthFieldsProps {
  gender: GetInputPropsReturnType;
  birthDate: GetInputPropsReturnType;
  /** The genders offered; Add Organization's are fewer. */
  genders?: readonly string[];
}

/** Gender and Date of Birth, side by side in the caller's grid. */
export function GenderAndBirthFields({
  gender,
  birthDate,
  genders = GENDERS,
}: GenderAndBirthFieldsProps) {
  return (
    <>
      <Select
        label="Gender"
        data={genders}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: true }}
        {...gender}
      />
      <BirthDateField {...birthDate} />
    </>
  );
}
