import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toasts' container (with its transitions) is not part of the first paint: it comes just
// after. A toast shown before it arrives waits in the notifications store and appears with it.
const Toasts = lazy(() => import('./toasts.tsx').then((module) => ({ default: module.Toasts })));

/**
 * The app has one colour scheme, the light one (decision 0031), so there is nothing to remember.
 * Mantine's default manager reads it from localStorage in the first render, and a browser's first
 * read of a site's storage loads it synchronously: 30–50 ms on the first paint's path.
 */
const lightSchemeOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

interface ProvidersProps {
  children: ReactNode;
}

export function Providers({ children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={lightSchemeOnly}
    >
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
