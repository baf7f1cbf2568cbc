import { Anchor, Group } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

type BackLinkProps = { to: string; label: string };

/** A quiet link back up the group area's pages. */
export function BackLink({ to, label }: BackLinkProps) {
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={2} wrap="nowrap">
        <IconChevronLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}
