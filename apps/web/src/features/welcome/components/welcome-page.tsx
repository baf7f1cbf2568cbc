import type { ReactNode } from 'react';
import {
  Anchor,
  Button,
  Container,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBook,
  IconBooks,
  IconDeviceMobile,
  IconExternalLink,
  IconLifebuoy,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppStoreLinks } from '../../../components/app-store-links.tsx';
import { LogoMark } from '../../../components/logo.tsx';
import { externalLinks } from '../../../config/external-links.ts';

/** What to read and where to get help; the card without a link offers the app's stores. */
const LINK_CARDS: readonly {
  icon: Icon;
  title: string;
  description: string;
  link?: { href: string; text: string };
}[] = [
  {
    icon: IconBook,
    title: 'Instructions',
    description: 'How to take a good morning reading and get the most from breathing sessions.',
    link: { href: externalLinks.instructions, text: 'Read the instructions' },
  },
  {
    icon: IconDeviceMobile,
    title: 'Get the mobile app',
    description: 'Readings and sessions are taken with the app, on iPhone and Android.',
  },
  {
    icon: IconBooks,
    title: 'Resources',
    description: 'Short guides on heart-rate variability, resilience and recovery.',
    link: { href: externalLinks.resources, text: 'Browse resources' },
  },
  {
    icon: IconLifebuoy,
    title: 'Support',
    description: 'Questions about your account or your programme? We are glad to help.',
    link: { href: externalLinks.support, text: 'Contact support' },
  },
];

interface WelcomePageProps {
  firstName: string;
  homePath: string;
}

/** The thank-you page every new account lands on after sign-up. */
export function WelcomePage({ firstName, homePath }: WelcomePageProps) {
  return (
    <Container size="md" px={0} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" ta="center" gap="md">
          <LogoMark size={64} />
          <Title order={2}>
            Thank you for joining Resonant{firstName ? `, ${firstName}` : ''}!
          </Title>
          <Text c="dimmed" maw={560}>
            Your account is ready. Take your first HRV reading with the Resonant mobile app, then
            follow your progress and your team&apos;s wellbeing here.
          </Text>
          <Button
            component={Link}
            to={homePath}
            size="md"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            Open Dashboard
          </Button>
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
        {LINK_CARDS.map(({ icon: CardIcon, title, description, link }) => (
          <LinkCard
            key={title}
            icon={<CardIcon size={22} aria-hidden />}
            title={title}
            description={description}
          >
            {link ? (
              <ExternalAnchor href={link.href}>{link.text}</ExternalAnchor>
            ) : (
              <AppStoreLinks justify="flex-start" />
            )}
          </LinkCard>
        ))}
      </SimpleGrid>
    </Container>
  );
}

interface LinkCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}

function LinkCard({ icon, title, description, children }: LinkCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm" align="flex-start" h="100%">
        <ThemeIcon variant="light" size={44} radius="md">
          {icon}
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" fw={600}>
      {children}
      <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}
