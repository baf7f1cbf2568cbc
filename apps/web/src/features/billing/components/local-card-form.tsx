import { useMemo } from 'react';
import {
  Alert,
  Button,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconFlask } from '@tabler/icons-react';
import { LocalCardBody, TEST_MODE_LABEL } from '@resonant/contracts/billing';
import { countryOfLocale, countryOptions } from '../payment-method-countries.ts';
import {
  EMPTY_LOCAL_CARD,
  formatCardNumber,
  formatExpiry,
  localCardErrors,
  toLocalCardBody,
  type LocalCardValues,
} from '../payment-method-input.ts';

/** The published test numbers test mode takes, and what each does. */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 0341', outcome: 'is saved, then every charge to it is declined' },
];

/** The test-mode card form's state: empty, the country of the browser's locale picked already. */
export function useLocalCardForm(): UseFormReturnType<LocalCardValues> {
  return useForm<LocalCardValues>({
    initialValues: { ...EMPTY_LOCAL_CARD, country: countryOfLocale(navigator.language) },
    validate: (values) => localCardErrors(values, new Date()),
    validateInputOnBlur: true,
  });
}

/** The validated form values as the test-mode calls take them (card number without spaces). */
export function localCardBodyOf(values: LocalCardValues): LocalCardBody {
  return LocalCardBody.parse(toLocalCardBody(values));
}

/**
 * No real card is ever asked for: test mode says so, with the numbers it takes. A note, not an
 * alert: it is there from the start, and a screen reader need not break in with it.
 */
function TestModeNotice() {
  return (
    <Alert
      role="note"
      color="orange"
      variant="light"
      icon={<IconFlask size={20} aria-hidden />}
      title={TEST_MODE_LABEL}
    >
      <Text size="sm">Use a test card number, any future expiry and any CVC:</Text>
      <List size="sm" mt={4} spacing={2}>
        {TEST_CARDS.map((card) => (
          <List.Item key={card.number}>
            <Text span size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {card.number}
            </Text>{' '}
            {card.outcome}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The plain text fields of the form, each with its label, hints to the browser and limit. */
const TEXT_FIELDS = {
  cvc: {
    label: 'CVC',
    placeholder: '123',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 4,
  },
  name: { label: 'Name on card', autoComplete: 'cc-name', maxLength: 100 },
  line1: {
    label: 'Address',
    placeholder: 'Street and number',
    autoComplete: 'address-line1',
    maxLength: 200,
  },
  city: { label: 'City', autoComplete: 'address-level2', maxLength: 100 },
  postal_code: { label: 'Postal code', autoComplete: 'postal-code', maxLength: 20 },
} as const satisfies Partial<Record<keyof LocalCardValues, TextInputProps>>;

interface CardTextInputProps {
  form: UseFormReturnType<LocalCardValues>;
  field: keyof typeof TEXT_FIELDS;
}

function CardTextInput({ form, field }: CardTextInputProps) {
  return <TextInput required {...TEXT_FIELDS[field]} {...form.getInputProps(field)} />;
}

/**
 * The card and billing address fields of test mode, all required, under the test-mode notice;
 * for a form of its own (LocalCardForm) or inside a dialog's form (Add card). Only test numbers
 * are taken here, so the browser is not offered to fill in (or save) the person's real card.
 */
export function LocalCardFields({ form }: { form: UseFormReturnType<LocalCardValues> }) {
  const countries = useMemo(() => countryOptions(navigator.language), []);
  const numberProps = form.getInputProps('number');
  const expiryProps = form.getInputProps('expiry');
  return (
    <Stack gap="sm">
      <TestModeNotice />
      <TextInput
        label="Card number"
        placeholder="1234 1234 1234 1234"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={23}
        data-autofocus
        {...numberProps}
        onChange={(event) => form.setFieldValue('number', formatCardNumber(event.target.value))}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Expiry (MM/YY)"
          placeholder="MM/YY"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          {...expiryProps}
          onChange={(event) =>
            form.setFieldValue('expiry', formatExpiry(event.target.value, form.getValues().expiry))
          }
        />
        <CardTextInput form={form} field="cvc" />
      </SimpleGrid>
      <CardTextInput form={form} field="name" />
      <CardTextInput form={form} field="line1" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <CardTextInput form={form} field="city" />
        <CardTextInput form={form} field="postal_code" />
      </SimpleGrid>
      <Select
        label="Country"
        placeholder="Pick a country"
        data={countries}
        searchable
        required
        allowDeselect={false}
        nothingFoundMessage="No country by that name"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('country')}
      />
    </Stack>
  );
}

interface LocalCardFormProps {
  submitLabel: string;
  /** The card is being sent: the button spins and the form waits. */
  pending: boolean;
  onSubmit: (card: LocalCardBody) => Promise<void> | void;
}

/**
 * Test mode's card form on a page of its own (the local pay page): the fields, every one checked
 * with LocalCardBody before `onSubmit` gets the parsed card.
 */
export function LocalCardForm({ submitLabel, pending, onSubmit }: LocalCardFormProps) {
  const form = useLocalCardForm();
  const handleSubmit = form.onSubmit((values) => void onSubmit(localCardBodyOf(values)));
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Card details">
      <Stack gap="md">
        <LocalCardFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
