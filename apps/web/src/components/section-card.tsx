import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title, type MantineSpacing } from '@mantine/core';

const PADDING = {
  /** Charts that want their width on a phone. */
  compact: { base: 'xs', sm: 'md' },
  normal: { base: 'sm', sm: 'md' },
  /** Settings cards with a form or a list of rows. */
  roomy: { base: 'md', sm: 'lg' },
  /** A page of its own (the hosted invoice). */
  wide: { base: 'md', sm: 'xl' },
} as const;

interface SectionCardProps {
  /** The section's heading, and its accessible name unless `label` says otherwise. */
  title: string;
  label?: string;
  /** The content brings its own heading: the title only names the section. */
  headless?: boolean;
  order?: 2 | 3;
  /** Before the title, e.g. a user's colour. */
  marker?: ReactNode;
  /** Beside the title, e.g. a badge or a spinner. */
  titleAside?: ReactNode;
  /** Under the title: what the section shows. */
  description?: ReactNode;
  /** At the right of the heading, e.g. Add card. */
  actions?: ReactNode;
  padding?: keyof typeof PADDING;
  radius?: 'md' | 'lg';
  gap?: MantineSpacing;
  align?: 'stretch' | 'flex-start';
  children: ReactNode;
}

/** A bordered card that is a section of its page, named by its title, the heading on top. */
export function SectionCard({
  title,
  label = title,
  headless = false,
  order = 2,
  padding = 'normal',
  radius = 'md',
  gap = 'sm',
  align = 'stretch',
  children,
  ...heading
}: SectionCardProps) {
  return (
    <Paper withBorder radius={radius} p={PADDING[padding]} component="section" aria-label={label}>
      <Stack gap={gap} align={align}>
        {!headless && <SectionHeading title={title} order={order} {...heading} />}
        {children}
      </Stack>
    </Paper>
  );
}

type SectionHeadingProps = Pick<
  SectionCardProps,
  'title' | 'marker' | 'titleAside' | 'description' | 'actions'
> & { order: 2 | 3 };

function SectionHeading({
  title,
  order,
  marker,
  titleAside,
  description,
  actions,
}: SectionHeadingProps) {
  let titleRow = (
    <Title order={order} size="h4">
      {title}
    </Title>
  );
  if (marker) {
    titleRow = (
      <Group gap={8} wrap="nowrap">
        {marker}
        {titleRow}
      </Group>
    );
  }
  if (titleAside) {
    titleRow = (
      <Group gap="xs">
        {titleRow}
        {titleAside}
      </Group>
    );
  }
  const described = description ? (
    <>
      {titleRow}
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </>
  ) : (
    titleRow
  );
  if (actions) {
    return (
      <Group justify="space-between" align={description ? 'flex-start' : 'center'} gap="sm">
        <div style={{ flex: '1 1 240px' }}>{described}</div>
        {actions}
      </Group>
    );
  }
  return description ? <div>{described}</div> : titleRow;
}
