// First, so no validation ever tries eval under the Content-Security-Policy.
import './lib/jitless-validation.ts';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startSessionLifecycle } from './app/session-lifecycle.ts';
import { socialProvidersQueryOptions } from './features/auth/api/get-social-providers.ts';
import { queryClient } from './lib/query-client.ts';

// Started before the first render (and outside StrictMode's double effects) so it runs once.
void startSessionLifecycle();
// Read alongside the session restore, so the auth screen's first paint already has its provider
// buttons instead of growing (and moving Sign In) when they arrive.
void queryClient.prefetchQuery(socialProvidersQueryOptions);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
