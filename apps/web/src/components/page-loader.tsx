import { Center, Loader, VisuallyHidden } from '@mantine/core';

interface PageLoaderProps {
  label: string;
}

/** In place of a page inside the frame while what it needs is under way. */
export function PageLoader({ label }: PageLoaderProps) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
