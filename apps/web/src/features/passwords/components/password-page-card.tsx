import type { ReactNode } from 'react';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

interface PasswordPageCardProps {
  title: string;
  intro: string;
  children: ReactNode;
}

/** The card of the forgot and reset pages, with the way back to signing in. */
export function PasswordPageCard({ title, intro, children }: PasswordPageCardProps) {
  return (
    <Container component="main" size={460} py="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              {intro}
            </Text>
          </div>
          {children}
          <Anchor component={Link} to={paths.login} size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
