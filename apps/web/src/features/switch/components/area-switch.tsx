import { useEffect, useRef } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconUsersGroup } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useOrgsAndGroups } from '../../../lib/orgs-and-groups.ts';
import { useSwitchContext, useSwitchInProgress } from '../../../lib/switch-context.ts';
import { switchTargetsFor, type SwitchTarget, type SwitchableArea } from '../switch-targets.ts';

const COPY: Record<SwitchableArea, { title: string; text: string }> = {
  org: {
    title: 'Open the organization',
    text: 'This page belongs to an organization. Switch to it to open the page.',
  },
  group: {
    title: 'Choose a group',
    text: 'This page belongs to a group. Choose the group to open it in.',
  },
};

interface AreaSwitchProps {
  area: SwitchableArea;
  currentOrgId: string | null;
  /** Where the user works now: the way back when they do not want to switch. */
  homePath: string;
}

/**
 * Shown instead of a page of an area the user's current context is not in (a bookmark, a
 * redirect after sign-in): switches at once when only one context fits, offers the choice when
 * several do, and sends the user home when none does. The page opens once switched.
 */
export function AreaSwitch({ area, currentOrgId, homePath }: AreaSwitchProps) {
  const location = useLocation();
  const orgsAndGroups = useOrgsAndGroups();
  const switchContext = useSwitchContext({ to: `${location.pathname}${location.search}` });
  // Another switch (Back to Org, the switcher) may bring the user here before it lands.
  const switching = useSwitchInProgress();
  const targets = orgsAndGroups.data
    ? switchTargetsFor(area, currentOrgId, orgsAndGroups.data.orgs)
    : [];
  const only = targets.length === 1 ? targets[0] : undefined;
  const started = useRef(false);

  useEffect(() => {
    if (!only || switching || started.current) return;
    started.current = true;
    switchContext.mutate(only.body);
  }, [only, switching, switchContext]);

  if (orgsAndGroups.isError) {
    return (
      <LoadError
        what="Your organizations"
        onRetry={() => void orgsAndGroups.refetch()}
        retrying={orgsAndGroups.isFetching}
      />
    );
  }
  if (!orgsAndGroups.data || switching || (only && !switchContext.isError)) {
    return <PageLoader label="Switching" />;
  }
  if (targets.length === 0) return <Navigate to={homePath} replace />;

  const copy = COPY[area];
  // The organization is named only when the choice spans several.
  const manyOrgs = new Set(targets.map((target) => target.body.currentOrgId)).size > 1;
  const labelOf = (target: SwitchTarget) =>
    target.groupName === null
      ? target.orgName
      : manyOrgs
        ? `${target.orgName} › ${target.groupName}`
        : target.groupName;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="md">
        <Title order={2} size="h3">
          {copy.title}
        </Title>
        <Text c="dimmed">{copy.text}</Text>
        <Stack gap="xs">
          {targets.map((target) => (
            <Button
              key={`${target.body.currentOrgId}/${target.body.currentGroupId ?? ''}`}
              variant="light"
              justify="flex-start"
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
              leftSection={
                target.groupName ? (
                  <IconUsersGroup size={18} aria-hidden />
                ) : (
                  <IconBuilding size={18} aria-hidden />
                )
              }
              loading={
                switchContext.isPending &&
                switchContext.variables.currentGroupId === target.body.currentGroupId &&
                switchContext.variables.currentOrgId === target.body.currentOrgId
              }
              disabled={switchContext.isPending}
              onClick={() => switchContext.mutate(target.body)}
            >
              {labelOf(target)}
            </Button>
          ))}
        </Stack>
        <Button component={Link} to={homePath} variant="subtle" style={{ alignSelf: 'flex-start' }}>
          Stay where I am
        </Button>
      </Stack>
    </Paper>
  );
}
