import { Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import {
  ADMIN_VIEWS,
  type AdminName,
  type MyOrganization,
} from '@resonant/contracts/my-organizations';
import { SectionCard } from '../../../components/section-card.tsx';

/** The member's role in an organisation, in their words (not the area names of ROLE_LABELS). */
const ROLE_NAMES: Record<MyOrganization['role'], string> = {
  org: 'Org admin',
  group: 'Group admin',
  user: 'Member',
};

const names = (admins: readonly AdminName[]) =>
  admins.map((admin) => `${admin.first_name} ${admin.last_name}`).join(', ');

interface OrganizationCardProps {
  org: MyOrganization;
  onLeave: (org: MyOrganization) => void;
}

/** One organisation: the member's groups and role, who administers it, and what they see. */
export function OrganizationCard({ org, onLeave }: OrganizationCardProps) {
  const seen = ADMIN_VIEWS.filter((view) => org.admins_can_see.includes(view.key));
  const refusalId = `leave-refusal-${org.org_id}`;
  return (
    <SectionCard
      title={org.org_name}
      padding="roomy"
      titleAside={
        <Badge variant="light" size="sm">
          {ROLE_NAMES[org.role]}
        </Badge>
      }
      actions={
        <Button
          variant="default"
          color="red"
          leftSection={<IconDoorExit size={18} aria-hidden />}
          disabled={org.leave_refusal !== null}
          aria-describedby={org.leave_refusal ? refusalId : undefined}
          aria-label={`Leave organisation ${org.org_name}`}
          onClick={() => onLeave(org)}
        >
          Leave organisation
        </Button>
      }
    >
      {org.leave_refusal && (
        <Text id={refusalId} size="sm" c="dimmed">
          {org.leave_refusal}
        </Text>
      )}
      <Stack gap={4}>
        <Title order={3} size="h5">
          Org admins
        </Title>
        <Text size="sm">{org.org_admins.length ? names(org.org_admins) : 'None'}</Text>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          Your groups
        </Title>
        <List size="sm" spacing={4}>
          {org.groups.map((group) => (
            <List.Item key={group.group_id}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={500}>
                  {group.group_name}
                </Text>
                {group.is_admin && (
                  <Badge variant="outline" size="xs">
                    You administer it
                  </Badge>
                )}
                <Text size="sm" c="dimmed">
                  {group.admins.length ? `Group admins: ${names(group.admins)}` : 'No group admin'}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          What its admins can see of you
        </Title>
        <Text size="sm" c="dimmed">
          Its org admins see this of every member; a group admin of the members of their group.
        </Text>
        <List size="sm" spacing={4}>
          {seen.map((view) => (
            <List.Item key={view.key}>
              <Text span size="sm" fw={500}>
                {view.label}:
              </Text>{' '}
              {view.detail}
            </List.Item>
          ))}
        </List>
      </Stack>
    </SectionCard>
  );
}
