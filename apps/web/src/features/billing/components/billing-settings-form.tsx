import { Button, Group, Paper, SimpleGrid, Skeleton, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BILLING_EMAIL_MAX,
  UpdateBillingDetailsBody,
  type OrgDetailsResponse,
} from '@resonant/contracts/billing';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDay } from '../../../lib/day-format.ts';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useOrgDetails } from '../api/get-org-details.ts';
import { useUpdateBillingDetails } from '../api/update-billing-details.ts';
import { sameBillingEmail } from '../billing-settings-display.ts';

const TITLE = 'Billing Settings';
const validate = zodResolver(UpdateBillingDetailsBody);

/** SPEC §2 'Billing Settings': the billing email, and the billing start date (read-only). */
export function BillingSettingsForm() {
  const details = useOrgDetails();
  let body;
  if (details.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-hidden>
        <Skeleton h={58} />
        <Skeleton h={58} />
      </SimpleGrid>
    );
  } else if (details.isError) {
    body = (
      <LoadError
        what="The billing settings"
        onRetry={() => void details.refetch()}
        retrying={details.isFetching}
      />
    );
  } else {
    // Keyed by the saved address, so after a save the form starts again from it.
    body = <BillingDetailsForm key={details.data.billing_email ?? ''} details={details.data} />;
  }
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={TITLE}
    >
      <Title order={2} size="h4" mb="md">
        {TITLE}
      </Title>
      {body}
    </Paper>
  );
}

/**
 * SPEC §5: 'Please enter a valid email address.'; Save Changes only when the address differs from
 * the saved one and no save is under way.
 */
function BillingDetailsForm({ details }: { details: OrgDetailsResponse }) {
  const update = useUpdateBillingDetails();
  const saved = details.billing_email ?? '';
  const form = useForm({
    initialValues: { billing_email: saved },
    validate,
    validateInputOnBlur: true,
  });
  const changed = !sameBillingEmail(form.getValues().billing_email, saved);
  const handleSubmit = form.onSubmit((values) =>
    update.mutate(UpdateBillingDetailsBody.parse(values)),
  );
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Billing details">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Billing Email"
          type="email"
          placeholder="billing@example.com"
          description={
            details.billing_email
              ? 'Invoices and payment problems are emailed here.'
              : 'Until one is set, invoices are emailed to the admins.'
          }
          required
          maxLength={BILLING_EMAIL_MAX}
          autoComplete="email"
          {...form.getInputProps('billing_email')}
        />
        <TextInput
          label="Billing Start Date"
          description="Each monthly period starts on this day of the month."
          value={formatDay(details.billing_start_date)}
          readOnly
          variant="filled"
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" disabled={!changed} loading={update.isPending}>
          Save Changes
        </Button>
      </Group>
    </form>
  );
}
