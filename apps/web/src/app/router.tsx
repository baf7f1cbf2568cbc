import { createBrowserRouter, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { paths } from '../config/paths.ts';
import { BillingSettingsPage } from '../features/billing/components/billing-settings-page.tsx';
import { HostedInvoicePage } from '../features/billing/components/hosted-invoice-page.tsx';
import {
  AdminInvoicesPage,
  BillingHistoryPage,
} from '../features/billing/components/invoices-page.tsx';
import { GroupDashboardPage } from '../features/dashboard/components/group-dashboard-page.tsx';
import { OrgDashboardPage } from '../features/dashboard/components/org-dashboard-page.tsx';
import { GroupsPage } from '../features/groups/components/groups-page.tsx';
import { ManageGroupPage } from '../features/groups/components/manage-group-page.tsx';
import { InvitationsPage } from '../features/invitations/components/invitations-page.tsx';
import { ProcessInvitePage } from '../features/invitations/components/process-invite-page.tsx';
import { ClaimMembershipPage } from '../features/lifetime-claims/components/claim-membership-page.tsx';
import { LifetimeClaimsSection } from '../features/lifetime-claims/components/lifetime-claims-section.tsx';
import { OrganizationPage } from '../features/organizations/components/organization-page.tsx';
import { OrganizationsPage } from '../features/organizations/components/organizations-page.tsx';
import { ParticipantProfilePage } from '../features/participants/components/participant-profile-page.tsx';
import { ParticipantReadingsPage } from '../features/participants/components/participant-readings-page.tsx';
import { ParticipantsPage } from '../features/participants/components/participants-page.tsx';
import { ReportsPage } from '../features/reports/components/reports-page.tsx';
import { AdminDashboardPage } from '../features/top-organizations/components/admin-dashboard-page.tsx';
import {
  AddGroupUserButton,
  EditGroupUserButton,
} from '../features/users/components/group-user-actions.tsx';
import { ImportUsersPage } from '../features/users/components/import-users-page.tsx';
import { UsersPage } from '../features/users/components/users-page.tsx';
import type { RouteHandle } from './route-handle.ts';
import { AreaLayout, PlainLayout } from './routes/area-layout.tsx';
import { AuthRoute } from './routes/auth-route.tsx';
import { RequireAuth } from './routes/require-auth.tsx';
import { SessionGate } from './routes/session-gate.tsx';
import { WelcomeRoute } from './routes/welcome-route.tsx';
import { useSocialLandingNotice } from './social-landing-notice.ts';

function page(path: string, title: string, element: RouteObject['element']): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, element };
}

function comingSoon(path: string, title: string, mobileApp = false): RouteObject {
  return page(path, title, <ComingSoonPage title={title} mobileApp={mobileApp} />);
}

/** Above every route: what a provider's round trip came back with, wherever it lands. */
function RootLayout() {
  useSocialLandingNotice();
  return <Outlet />;
}

const appRoutes: RouteObject[] = [
  {
    // Public and apart from the session: whoever has an invoice's Pay link may pay it, signed in
    // or not, without waiting for a session to be restored.
    ...page(paths.billing.hostedInvoice, 'Invoice', <HostedInvoicePage />),
    errorElement: <RouteErrorPage />,
  },
  {
    element: <SessionGate />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // One element for all four paths, so switching panels animates instead of remounting.
        element: <AuthRoute />,
        children: [
          { path: paths.home, element: null },
          { path: paths.login, element: null },
          { path: paths.signup, element: null },
          { path: paths.signupSocial, element: null },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <PlainLayout />,
            children: [
              page(paths.welcome, 'Welcome', <WelcomeRoute />),
              page(paths.processInvite, 'Invitation', <ProcessInvitePage />),
              page(paths.processLifetimeInvite, 'Lifetime Membership', <ClaimMembershipPage />),
            ],
          },
          {
            element: <AreaLayout area="org" />,
            children: [
              page(paths.org.dashboard, 'Dashboard', <OrgDashboardPage />),
              page(paths.org.groups, 'Groups', <GroupsPage />),
              page(paths.org.manageGroup, 'Manage Group', <ManageGroupPage />),
              page(paths.org.users, 'Users', <UsersPage />),
              page(paths.org.import, 'Import Users', <ImportUsersPage />),
              page(paths.org.invitation, 'Invite Users', <InvitationsPage mode="org" />),
              page(paths.org.reports, 'Reports', <ReportsPage />),
              page(paths.org.billingHistory, 'Billing History', <BillingHistoryPage />),
              page(paths.org.billingSettings, 'Billing Settings', <BillingSettingsPage />),
              comingSoon(paths.org.activities, 'Activity'),
            ],
          },
          {
            element: <AreaLayout area="group" />,
            children: [
              page(paths.group.dashboard, 'Dashboard', <GroupDashboardPage />),
              page(
                paths.group.participants,
                'Users',
                // One table of the group's users; adding and editing them (SPEC §6) come from the
                // users feature.
                <ParticipantsPage
                  addUser={(props) => <AddGroupUserButton {...props} />}
                  editUser={(user, onClosed) => (
                    <EditGroupUserButton user={user} onClosed={onClosed} />
                  )}
                />,
              ),
              page(paths.group.participantProfile, 'User Profile', <ParticipantProfilePage />),
              page(paths.group.participantReadings, 'User Readings', <ParticipantReadingsPage />),
              page(paths.group.invitation, 'Invite Users', <InvitationsPage mode="group" />),
              page(paths.group.reports, 'Reports', <ReportsPage />),
              comingSoon(paths.group.activity, 'Activity'),
            ],
          },
          {
            element: <AreaLayout area="admin" />,
            children: [
              page(paths.admin.dashboard, 'Dashboard', <AdminDashboardPage />),
              page(paths.admin.organizations, 'Organizations', <OrganizationsPage />),
              page(paths.admin.organization, 'Organization', <OrganizationPage />),
              page(
                paths.admin.invitation,
                'Invite Users',
                // SPEC §2: invite into any organization; the app admin also issues claim links.
                <InvitationsPage mode="admin" below={<LifetimeClaimsSection />} />,
              ),
              page(paths.admin.invoices, 'Invoices', <AdminInvoicesPage />),
              comingSoon(paths.admin.activity, 'Activity'),
            ],
          },
          {
            element: <AreaLayout area="user" />,
            children: [
              comingSoon(paths.user.dashboard, 'Dashboard', true),
              comingSoon(paths.user.morningHistory, 'Morning/Anytime', true),
              comingSoon(paths.user.biofeedback, 'Biofeedback', true),
              comingSoon(paths.user.mindfulness, 'Mindfulness', true),
              comingSoon(paths.user.selfCompassion, 'Self-Compassion', true),
              comingSoon(paths.user.settings, 'Settings', true),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const routes: RouteObject[] = [
  { element: <RootLayout />, errorElement: <RouteErrorPage />, children: appRoutes },
];

export const router = createBrowserRouter(routes);
