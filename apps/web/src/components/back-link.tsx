import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface BackLinkProps {
  to: string;
  label: string;
  /** Up one level of the group area's pages ('Users'), not back to a list ('Back to Groups'). */
  up?: boolean;
}

/** A quiet link above a page, back to where it was opened from. */
export function BackLink({ to, label, up = false }: BackLinkProps) {
  const BackIcon = up ? IconChevronLeft : IconArrowLeft;
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={up ? 2 : 4} wrap="nowrap">
        <BackIcon size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}
