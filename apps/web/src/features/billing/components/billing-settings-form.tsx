import { useEffect } from 'react';
import { Button, Group, SimpleGrid, Skeleton, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BILLING_EMAIL_MAX,
  formatBillingDay,
  UpdateBillingDetailsBody,
  type OrgDetailsResponse,
} from '@resonant/contracts/billing';
import { EmailInput } from '../../../components/person-fields.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { zodResolver } from '../../../lib/zod-resolver.ts';
import { useOrgDetails } from '../api/get-org-details.ts';
import { useUpdateBillingDetails } from '../api/update-billing-details.ts';
import { sameBillingEmail } from '../billing-settings-display.ts';

const TITLE = 'Billing Settings';
const validate = zodResolver(UpdateBillingDetailsBody);

/** SPEC §2 'Billing Settings': the billing email, and the billing start date (read-only). */
export function BillingSettingsForm() {
  const details = useOrgDetails();
  return (
    <SectionCard title={TITLE} padding="roomy" gap="md">
      <QueryContent
        query={details}
        what="The billing settings"
        loading={
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-hidden>
            <Skeleton h={58} />
            <Skeleton h={58} />
          </SimpleGrid>
        }
      >
        {(data) => <BillingDetailsForm details={data} />}
      </QueryContent>
    </SectionCard>
  );
}

/**
 * SPEC §5: 'Please enter a valid email address.'; Save Changes only when the address differs from
 * the saved one and no save is under way. A save starts the form again from the saved address; so
 * does a newer one loaded meanwhile, unless something is being typed.
 */
function BillingDetailsForm({ details }: { details: OrgDetailsResponse }) {
  const update = useUpdateBillingDetails();
  const saved = details.billing_email ?? '';
  const form = useForm({
    initialValues: { billing_email: saved },
    validate,
    validateInputOnBlur: true,
  });
  const startFrom = (email: string) => {
    form.setInitialValues({ billing_email: email });
    form.setValues({ billing_email: email });
  };
  useEffect(() => {
    if (!form.isDirty()) startFrom(saved);
    // Only a new saved address starts the form again; `form` is a new object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const changed = !sameBillingEmail(form.getValues().billing_email, saved);
  const handleSubmit = form.onSubmit((values) => {
    const body = UpdateBillingDetailsBody.parse(values);
    update.mutate(body, { onSuccess: () => startFrom(body.billing_email) });
  });
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Billing details">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EmailInput
          label="Billing Email"
          placeholder="billing@example.com"
          description={
            details.billing_email
              ? 'Invoices and payment problems are emailed here.'
              : 'Until one is set, invoices are emailed to the admins.'
          }
          maxLength={BILLING_EMAIL_MAX}
          autoComplete="email"
          {...form.getInputProps('billing_email')}
        />
        <TextInput
          label="Billing Start Date"
          description="Each monthly period starts on this day of the month."
          value={formatBillingDay(details.billing_start_date)}
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
