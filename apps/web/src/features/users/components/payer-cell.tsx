import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import type { OrgUser } from '@resonant/contracts/org-users';
import { useChangePayer } from '../api/change-payer.ts';
import { payerLabel } from '../../../lib/user-display.ts';

interface PayerCellProps {
  user: OrgUser;
}

const CHOICES = [
  { payer: 'Org', label: 'Organization pays' },
  { payer: 'User', label: 'User pays' },
] as const;

/** Who pays the user's seat, with the change between org and user (SPEC §4 "Payer"). */
export function PayerCell({ user }: PayerCellProps) {
  const changePayer = useChangePayer();
  const current = payerLabel(user);
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="light"
          color={current === 'Org' ? 'resonant' : 'orange'}
          size="compact-sm"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={changePayer.isPending}
          aria-label={`Payer of ${user.full_name}: ${current}. Change payer`}
        >
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Who pays for this user?</Menu.Label>
        {CHOICES.map((choice) => (
          <Menu.Item
            key={choice.payer}
            rightSection={choice.payer === current ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => {
              if (choice.payer !== current) changePayer.mutate(user.user_id);
            }}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
