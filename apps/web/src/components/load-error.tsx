import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

type LoadErrorProps = {
  what: string;
  onRetry: () => void;
  retrying: boolean;
};

/** In place of data that failed to load; the toast with the server's message has been shown. */
export function LoadError({ what, onRetry, retrying }: LoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={`${what} could not be loaded`}
    >
      <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying} mt={4}>
        Try again
      </Button>
    </Alert>
  );
}
