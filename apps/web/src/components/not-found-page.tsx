import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { LogoMark } from './logo.tsx';

export function NotFoundPage() {
  useDocumentTitle('Page not found · Resonant');
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <LogoMark size={56} />
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={paths.home}>
          Go to Resonant
        </Button>
      </Stack>
    </Center>
  );
}
