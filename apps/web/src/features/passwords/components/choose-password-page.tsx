import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ROLE_HOME, type Role } from '@resonant/contracts/roles';
import { ChangePasswordForm } from './change-password-form.tsx';

interface ChoosePasswordPageProps {
  role: Role;
}

/**
 * All a person with a temporary password (set by an admin) sees: they choose their own before
 * anything else, then go on to their home.
 */
export function ChoosePasswordPage({ role }: ChoosePasswordPageProps) {
  const navigate = useNavigate();
  return (
    <Container size={480} py="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              Choose your password
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              The password you signed in with was set for you and is temporary. Choose your own to
              continue; only you will know it.
            </Text>
          </div>
          <ChangePasswordForm
            currentLabel="Temporary password"
            submitLabel="Save and continue"
            onChanged={() => void navigate(ROLE_HOME[role], { replace: true })}
          />
        </Stack>
      </Paper>
    </Container>
  );
}
