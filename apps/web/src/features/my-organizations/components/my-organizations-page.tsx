import { useRef, useState } from 'react';
import { List, Paper, Skeleton, Stack, Text } from '@mantine/core';
import {
  LEAVE_CONSEQUENCES,
  NO_ORGANIZATIONS_MESSAGE,
  type MyOrganization,
} from '@resonant/contracts/my-organizations';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryContent } from '../../../components/query-content.tsx';
import { useMyOrganizations } from '../api/get-my-organizations.ts';
import { useLeaveOrganization } from '../api/leave-organization.ts';
import { OrganizationCard } from './organization-card.tsx';

/** A person with no organisation: nobody but them sees their data. */
function NoOrganizations() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text fw={600}>{NO_ORGANIZATIONS_MESSAGE}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        No admin can see your readings or sessions. An organisation can invite you to join it.
      </Text>
    </Paper>
  );
}

/**
 * /user/organizations: each organisation the person belongs to, with their groups and role, who
 * administers it and what those admins can see of them; and leaving one, after a confirmation
 * that says what leaving does.
 */
export function MyOrganizationsPage() {
  const organizations = useMyOrganizations();
  const leave = useLeaveOrganization();
  const [asking, setAsking] = useState(false);
  // Kept once the question closes, so its words stay while it fades out.
  const [leaving, setLeaving] = useState<MyOrganization | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);

  return (
    <Stack gap="lg" maw={960} ref={pageRef} tabIndex={-1} style={{ outline: 'none' }}>
      <Text c="dimmed">
        The organisations you belong to, who administers them, and exactly what they can see of your
        data.
      </Text>
      <QueryContent
        query={organizations}
        what="Your organisations"
        loading={<Skeleton height={320} radius="md" />}
      >
        {(data) =>
          data.organizations.length === 0 ? (
            <NoOrganizations />
          ) : (
            <Stack gap="lg">
              {data.organizations.map((org) => (
                <OrganizationCard
                  key={org.org_id}
                  org={org}
                  onLeave={(chosen) => {
                    setLeaving(chosen);
                    setAsking(true);
                  }}
                />
              ))}
            </Stack>
          )
        }
      </QueryContent>
      <ConfirmDialog
        opened={asking}
        title={`Leave ${leaving?.org_name ?? 'the organisation'}?`}
        message={`You leave ${leaving?.org_name ?? 'the organisation'} and all its groups.`}
        details={
          <List size="sm" spacing={4}>
            {LEAVE_CONSEQUENCES.map((consequence) => (
              <List.Item key={consequence}>{consequence}</List.Item>
            ))}
          </List>
        }
        confirmLabel="Leave organisation"
        loading={leave.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          if (leaving) leave.mutate(leaving, { onSettled: () => setAsking(false) });
        }}
        // The card (and its button) may be gone: the page takes the focus.
        onClosed={() => pageRef.current?.focus()}
      />
    </Stack>
  );
}
