import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

type LoadErrorProps = {
  what: string;
  /** The server's message, when the page shows it here as well as in the toast. */
  message?: string;
  onRetry: () => void;
  retrying: boolean;
};

/** In place of data that failed to load; the toast with the server's message has been shown. */
export function LoadError({ what, message, onRetry, retrying }: LoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={`${what} could not be loaded`}
    >
      {message && <Text size="sm">{message}</Text>}
      <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying} mt={4}>
        Try again
      </Button>
    </Alert>
  );
}
