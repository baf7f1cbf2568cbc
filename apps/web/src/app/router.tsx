import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, useSearchParams } from 'react-router';
import type { RouteObject } from 'react-router';
import type { SessionType } from '@resonant/contracts/sessions';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { paths } from '../config/paths.ts';
import type { RouteHandle } from './route-handle.ts';
import { AreaLayout, OwnAreaLayout, PlainLayout } from './routes/area-layout.tsx';
import { RequireAuth } from './routes/require-auth.tsx';
import { SessionGate } from './routes/session-gate.tsx';
import { carriesLandingNotice } from './social-landing-params.ts';

/**
 * A page in its own chunk, fetched when a navigation first reaches it (on the first load, next to
 * the session restore): the first load carries the frame and the page opened, and an area the user
 * cannot reach is never downloaded. The title stays on the route, so the frame has it at once.
 */
function page(path: string, title: string, load: () => Promise<ReactNode>): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy: async () => ({ element: await load() }) };
}

function comingSoon(path: string, title: string, mobileApp = false): RouteObject {
  return page(path, title, async () => {
    const { ComingSoonPage } = await import('../components/coming-soon-page.tsx');
    return <ComingSoonPage title={title} mobileApp={mobileApp} />;
  });
}

/** A kind's page of the member's own sessions (/biofeedback, /mindfulness, /self-compassion). */
function mySessionsPage(path: string, title: string, kind: SessionType): RouteObject {
  return page(path, title, async () => {
    const { MySessionsPage } =
      await import('../features/my-sessions/components/my-sessions-page.tsx');
    return <MySessionsPage kind={kind} />;
  });
}

const SocialLandingNotice = lazy(() =>
  import('./social-landing-notice.ts').then((module) => ({ default: module.SocialLandingNotice })),
);

/** Above every route: what a provider's round trip came back with, wherever it lands. */
function RootLayout() {
  const [searchParams] = useSearchParams();
  return (
    <>
      {carriesLandingNotice(searchParams) && (
        <Suspense fallback={null}>
          <SocialLandingNotice />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}

const appRoutes: RouteObject[] = [
  {
    // Public and apart from the session: whoever has an invoice's Pay link may pay it, signed in
    // or not, without waiting for a session to be restored.
    ...page(paths.billing.hostedInvoice, 'Invoice', async () => {
      const { HostedInvoicePage } =
        await import('../features/billing/components/hosted-invoice-page.tsx');
      return <HostedInvoicePage />;
    }),
    errorElement: <RouteErrorPage />,
  },
  {
    // Public like the pay page: whoever has the address or the mailed link, signed in or not.
    ...page(paths.forgotPassword, 'Forgot password', async () => {
      const { ForgotPasswordPage } =
        await import('../features/passwords/components/forgot-password-page.tsx');
      return <ForgotPasswordPage />;
    }),
    errorElement: <RouteErrorPage />,
  },
  {
    ...page(paths.resetPassword, 'Reset password', async () => {
      const { ResetPasswordPage } =
        await import('../features/passwords/components/reset-password-page.tsx');
      return <ResetPasswordPage />;
    }),
    errorElement: <RouteErrorPage />,
  },
  {
    element: <SessionGate />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // One element for all four paths, so switching panels animates instead of remounting.
        lazy: async () => {
          const { AuthRoute } = await import('./routes/auth-route.tsx');
          return { element: <AuthRoute /> };
        },
        children: [
          { path: paths.home, element: null },
          { path: paths.login, element: null },
          { path: paths.signup, element: null },
          { path: paths.signupSocial, element: null },
        ],
      },
      {
        // Anyone holding the mailed link, signed in or not (the session tells what comes next).
        ...page(paths.verifyEmail, 'Confirm your email', async () => {
          const { VerifyEmailPage } =
            await import('../features/email-verification/components/verify-email-page.tsx');
          return <VerifyEmailPage />;
        }),
      },
      {
        ...page(paths.confirmEmailChange, 'Confirm your new email', async () => {
          const { ConfirmEmailChangePage } =
            await import('../features/email-change/components/confirm-email-change-page.tsx');
          return <ConfirmEmailChangePage />;
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <PlainLayout />,
            children: [
              page(paths.welcome, 'Welcome', async () => {
                const { WelcomeRoute } = await import('./routes/welcome-route.tsx');
                return <WelcomeRoute />;
              }),
              page(paths.processInvite, 'Invitation', async () => {
                const { ProcessInvitePage } =
                  await import('../features/invitations/components/process-invite-page.tsx');
                return <ProcessInvitePage />;
              }),
              page(paths.processLifetimeInvite, 'Lifetime Membership', async () => {
                const { ClaimMembershipPage } =
                  await import('../features/lifetime-claims/components/claim-membership-page.tsx');
                return <ClaimMembershipPage />;
              }),
            ],
          },
          {
            // Every role's own settings, in the frame of where they work.
            element: <OwnAreaLayout />,
            children: [
              page(paths.user.settings, 'Settings', async () => {
                const { SettingsPage } = await import('./routes/settings-page.tsx');
                return <SettingsPage />;
              }),
            ],
          },
          {
            element: <AreaLayout area="org" />,
            children: [
              page(paths.org.dashboard, 'Dashboard', async () => {
                const { OrgDashboardPage } =
                  await import('../features/dashboard/components/org-dashboard-page.tsx');
                return <OrgDashboardPage />;
              }),
              page(paths.org.groups, 'Groups', async () => {
                const { GroupsPage } =
                  await import('../features/groups/components/groups-page.tsx');
                return <GroupsPage />;
              }),
              page(paths.org.manageGroup, 'Manage Group', async () => {
                const { ManageGroupPage } =
                  await import('../features/groups/components/manage-group-page.tsx');
                return <ManageGroupPage />;
              }),
              page(paths.org.users, 'Users', async () => {
                const { UsersPage } = await import('../features/users/components/users-page.tsx');
                return <UsersPage />;
              }),
              page(paths.org.import, 'Import Users', async () => {
                const { ImportUsersPage } =
                  await import('../features/users/components/import-users-page.tsx');
                return <ImportUsersPage />;
              }),
              page(paths.org.invitation, 'Invite Users', async () => {
                const { InvitationsPage } =
                  await import('../features/invitations/components/invitations-page.tsx');
                return <InvitationsPage mode="org" />;
              }),
              page(paths.org.reports, 'Reports', async () => {
                const { ReportsPage } =
                  await import('../features/reports/components/reports-page.tsx');
                return <ReportsPage />;
              }),
              page(paths.org.billingHistory, 'Billing History', async () => {
                const { BillingHistoryPage } =
                  await import('../features/billing/components/invoices-page.tsx');
                return <BillingHistoryPage />;
              }),
              page(paths.org.billingSettings, 'Billing Settings', async () => {
                const [{ BillingSettingsPage }, { AdminPolicyCard }] = await Promise.all([
                  import('../features/billing/components/billing-settings-page.tsx'),
                  import('../features/two-factor/components/admin-policy-card.tsx'),
                ]);
                return (
                  <BillingSettingsPage>
                    <AdminPolicyCard />
                  </BillingSettingsPage>
                );
              }),
              comingSoon(paths.org.activities, 'Activity'),
            ],
          },
          {
            element: <AreaLayout area="group" />,
            children: [
              page(paths.group.dashboard, 'Dashboard', async () => {
                const { GroupDashboardPage } =
                  await import('../features/dashboard/components/group-dashboard-page.tsx');
                return <GroupDashboardPage />;
              }),
              page(paths.group.participants, 'Users', async () => {
                const [{ ParticipantsPage }, { AddGroupUserButton, EditGroupUserButton }] =
                  await Promise.all([
                    import('../features/participants/components/participants-page.tsx'),
                    import('../features/users/components/group-user-actions.tsx'),
                  ]);
                // One table of the group's users; adding and editing them (SPEC §6) come from the
                // users feature.
                return (
                  <ParticipantsPage
                    addUser={(props) => <AddGroupUserButton {...props} />}
                    editUser={(user, onClosed) => (
                      <EditGroupUserButton user={user} onClosed={onClosed} />
                    )}
                  />
                );
              }),
              page(paths.group.participantProfile, 'User Profile', async () => {
                const { ParticipantProfilePage } =
                  await import('../features/participants/components/participant-profile-page.tsx');
                return <ParticipantProfilePage />;
              }),
              page(paths.group.participantReadings, 'User Readings', async () => {
                const { ParticipantReadingsPage } =
                  await import('../features/participants/components/participant-readings-page.tsx');
                return <ParticipantReadingsPage />;
              }),
              page(paths.group.invitation, 'Invite Users', async () => {
                const { InvitationsPage } =
                  await import('../features/invitations/components/invitations-page.tsx');
                return <InvitationsPage mode="group" />;
              }),
              page(paths.group.reports, 'Reports', async () => {
                const { ReportsPage } =
                  await import('../features/reports/components/reports-page.tsx');
                return <ReportsPage />;
              }),
              comingSoon(paths.group.activity, 'Activity'),
            ],
          },
          {
            element: <AreaLayout area="admin" />,
            children: [
              page(paths.admin.dashboard, 'Dashboard', async () => {
                const { AdminDashboardPage } =
                  await import('../features/top-organizations/components/admin-dashboard-page.tsx');
                return <AdminDashboardPage />;
              }),
              page(paths.admin.organizations, 'Organizations', async () => {
                const { OrganizationsPage } =
                  await import('../features/organizations/components/organizations-page.tsx');
                return <OrganizationsPage />;
              }),
              page(paths.admin.organization, 'Organization', async () => {
                const { OrganizationPage } =
                  await import('../features/organizations/components/organization-page.tsx');
                return <OrganizationPage />;
              }),
              page(paths.admin.invitation, 'Invite Users', async () => {
                const [{ InvitationsPage }, { LifetimeClaimsSection }] = await Promise.all([
                  import('../features/invitations/components/invitations-page.tsx'),
                  import('../features/lifetime-claims/components/lifetime-claims-section.tsx'),
                ]);
                // SPEC §2: invite into any organization; the app admin also issues claim links.
                return <InvitationsPage mode="admin" below={<LifetimeClaimsSection />} />;
              }),
              page(paths.admin.invoices, 'Invoices', async () => {
                const { AdminInvoicesPage } =
                  await import('../features/billing/components/invoices-page.tsx');
                return <AdminInvoicesPage />;
              }),
              comingSoon(paths.admin.activity, 'Activity'),
            ],
          },
          {
            element: <AreaLayout area="user" />,
            children: [
              page(paths.user.dashboard, 'Dashboard', async () => {
                const { MyDashboardPage } =
                  await import('../features/my-dashboard/components/my-dashboard-page.tsx');
                return <MyDashboardPage />;
              }),
              page(paths.user.morningHistory, 'Morning/Anytime', async () => {
                const { MyReadingsPage } =
                  await import('../features/my-readings/components/my-readings-page.tsx');
                return <MyReadingsPage />;
              }),
              mySessionsPage(paths.user.biofeedback, 'Biofeedback', 'biofeedback'),
              mySessionsPage(paths.user.mindfulness, 'Mindfulness', 'mindfulness'),
              mySessionsPage(paths.user.selfCompassion, 'Self-Compassion', 'self_compassion'),
              page(paths.user.organizations, 'My Organizations', async () => {
                const { MyOrganizationsPage } =
                  await import('../features/my-organizations/components/my-organizations-page.tsx');
                return <MyOrganizationsPage />;
              }),
              page(paths.user.yourData, 'Your Data', async () => {
                const { YourDataPage } = await import('./routes/your-data-page.tsx');
                return <YourDataPage />;
              }),
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundPage } = await import('../components/not-found-page.tsx');
          return { element: <NotFoundPage /> };
        },
      },
    ],
  },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // While the first page's chunk arrives (alongside the session restore): the same loader the
    // session gate shows next, so nothing blinks or moves between them.
    hydrateFallbackElement: <FullPageLoader />,
    children: appRoutes,
  },
];

export const router = createBrowserRouter(routes);
