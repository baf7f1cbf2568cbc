import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import {
  Button,
  Center,
  Flex,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  type MantineColor,
} from '@mantine/core';
import {
  IconArrowRight,
  IconLinkOff,
  IconLogout,
  IconRefresh,
  IconUserExclamation,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { WRONG_ACCOUNT_HEADING } from '@resonant/contracts/invitations';
import type { LinkProblem } from '../lib/link-answer.ts';
import { useSignOut } from '../lib/sign-out.ts';

interface LinkStatusCardProps {
  /** A decorative icon (`aria-hidden`), shown in a round badge above the heading. */
  icon: ReactNode;
  color?: MantineColor;
  title: string;
  children?: ReactNode;
  /** Side by side from the `xs` breakpoint, stacked at full width on phones. */
  actions?: ReactNode;
  /**
   * Moves focus to the heading when the card appears: a view that replaces the button the user
   * just pressed would otherwise leave keyboard and screen-reader users nowhere.
   */
  focusTitle?: boolean;
}

/** The centred card of the pages an emailed link opens: icon, heading, text and actions. */
export function LinkStatusCard({
  icon,
  color,
  title,
  children,
  actions,
  focusTitle = false,
}: LinkStatusCardProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <Center py={{ base: 'md', sm: 64 }}>
      <Paper
        component="section"
        aria-labelledby={titleId}
        withBorder
        radius="lg"
        shadow="xs"
        p={{ base: 'lg', sm: 'xl' }}
        maw={560}
        w="100%"
      >
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title
            order={2}
            id={titleId}
            ref={titleRef}
            tabIndex={focusTitle ? -1 : undefined}
            // Focus is moved here for screen readers; a heading is not a control, so no ring.
            style={{ outline: 'none' }}
          >
            {title}
          </Title>
          {children}
          {actions && (
            <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" justify="center" w="100%">
              {actions}
            </Flex>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

interface LinkStatusLoaderProps {
  label: string;
}

/** Holds the card's place while the link is checked; the label names the wait for assistive tech. */
export function LinkStatusLoader({ label }: LinkStatusLoaderProps) {
  return (
    <Center py={{ base: 'xl', sm: 64 }} role="status" aria-label={label}>
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** Why a link cannot be used here, with the message to show. */
interface LinkProblemCardProps {
  problem: LinkProblem;
  /** What the recipient can do about a link that is not valid. */
  hint: string;
  /** Where 'Go to dashboard' leads: the signed-in user's home. */
  homePath: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * The error and wrong-account views of a link page, with a way back to the dashboard; the
 * wrong-account view also offers to sign in with the invited account and come back.
 */
export function LinkProblemCard({
  problem,
  hint,
  homePath,
  onRetry,
  retrying = false,
}: LinkProblemCardProps) {
  const dashboardButton = (
    <Button
      component={Link}
      to={homePath}
      // Secondary beside the view's own way forward (try again, switch account).
      variant={problem.kind === 'not-valid' ? 'filled' : 'default'}
      rightSection={<IconArrowRight size={18} aria-hidden />}
    >
      Go to dashboard
    </Button>
  );

  if (problem.kind === 'wrong-account') {
    return (
      <LinkStatusCard
        icon={<IconUserExclamation size={32} aria-hidden />}
        color="orange"
        title={WRONG_ACCOUNT_HEADING}
        actions={
          <>
            <SwitchAccountButton />
            {dashboardButton}
          </>
        }
        focusTitle
      >
        <Text c="dimmed">{problem.message}</Text>
      </LinkStatusCard>
    );
  }

  if (problem.kind === 'failed') {
    return (
      <LinkStatusCard
        icon={<IconRefresh size={32} aria-hidden />}
        color="orange"
        title={problem.message}
        actions={
          <>
            {onRetry && (
              <Button
                onClick={onRetry}
                loading={retrying}
                leftSection={<IconRefresh size={18} aria-hidden />}
              >
                Try again
              </Button>
            )}
            {dashboardButton}
          </>
        }
        focusTitle
      >
        <Text c="dimmed">The link could not be checked just now. Please try again.</Text>
      </LinkStatusCard>
    );
  }

  return (
    <LinkStatusCard
      icon={<IconLinkOff size={32} aria-hidden />}
      color="red"
      title={problem.message}
      actions={dashboardButton}
      focusTitle
    >
      <Text c="dimmed">{hint}</Text>
    </LinkStatusCard>
  );
}

/** Signs out and comes back to this link once the person has signed in with the invited email. */
function SwitchAccountButton() {
  const location = useLocation();
  const signOut = useSignOut();
  return (
    <Button
      leftSection={<IconLogout size={18} aria-hidden />}
      loading={signOut.isPending}
      onClick={() => signOut.mutate({ returnTo: `${location.pathname}${location.search}` })}
    >
      Sign in with another account
    </Button>
  );
}
