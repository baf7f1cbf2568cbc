import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { expect } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthResponse } from '@resonant/contracts/auth';
import { UserProfile } from '@resonant/contracts/profile';
import { Providers } from '../app/providers.tsx';
import { startSession } from '../lib/session.ts';

/** An org admin working in their organisation: the user most screens are for. */
export const ORG_ADMIN: UserProfile = UserProfile.parse({
  user_id: '00000000-0000-4000-8000-000000000001',
  user_type: 'org',
  first_name: 'Olivia',
  last_name: 'Admin',
  email: 'olivia.admin@example.test',
  current_org_id: '00000000-0000-4000-8000-0000000000a1',
  current_group_id: null,
  domainname: 'example.test',
  birth_date: '1985-03-14',
  gender: 'Female',
  org_id: '00000000-0000-4000-8000-0000000000a1',
  org_name: 'Acme Wellness',
  group_name: null,
  emailVerified: true,
  mfaEnabled: false,
  mfaSetupRequired: false,
  passwordChangeRequired: false,
});

/** The app admin, who works in no organisation. */
export const APP_ADMIN: UserProfile = UserProfile.parse({
  ...ORG_ADMIN,
  user_id: '00000000-0000-4000-8000-000000000002',
  user_type: 'super',
  first_name: 'Ada',
  email: 'app.admin@example.test',
  current_org_id: null,
  org_id: null,
  org_name: null,
});

type RenderOptions = {
  /** The signed-in user; null renders signed out. Default: ORG_ADMIN. */
  user?: UserProfile | null;
  /** The URL the screen is rendered at (for pages that read their search params). */
  url?: string;
};

/**
 * Renders a screen the way the app does: its Mantine theme and toasts, the one query client (and
 * so the one API client's error toasts), a router, and a session of `user`.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const user = options.user === undefined ? ORG_ADMIN : options.user;
  if (user) {
    startSession(
      AuthResponse.parse({ token: 'test-token', expiresAt: '2099-01-01T00:00:00.000Z', user }),
    );
  }
  const router = createMemoryRouter([{ path: '*', element: ui }], {
    initialEntries: [options.url ?? '/'],
  });
  // No pointer-events check: it reads the computed style of every ancestor, slow in jsdom, and
  // the screens' tests assert what is disabled by role and state instead. Uploads ignore `accept`,
  // as a drop onto the field does: the screen itself must refuse a wrong file.
  const events = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    applyAccept: false,
  });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  /** Puts `text` in a field as one paste: its rules run as for typing, in a fraction of the time. */
  const fill = async (field: HTMLElement, text: string) => {
    await events.clear(field);
    await events.paste(text);
  };
  return { ...view, router, events, fill };
}

/**
 * The dialog called `name` once it is open and has taken the focus (its focus trap moves it there
 * a moment after it opens; typing before that would go elsewhere), for queries within it.
 */
export async function findDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return within(dialog);
}
