import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { waitMessage } from '../../../lib/retry-after.ts';

/** After too many attempts: how long to wait, counting down, gone once the wait is over. */
export function WaitNotice({ retryAt }: { retryAt: Date }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= retryAt.getTime()) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [retryAt]);
  const message = waitMessage(retryAt, now);
  if (!message) return null;
  return (
    <Alert color="orange" variant="light" role="status" icon={<IconClock size={20} aria-hidden />}>
      {message}
    </Alert>
  );
}
