/** Every route of the web app (SPEC §2). Links and guards use these, never string literals. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** Where a social sign-in of an unknown identity continues: 'Almost there!' (SPEC §2). */
  signupSocial: '/signup/social',
  welcome: '/welcome',
  processInvite: '/process-invite',
  processLifetimeInvite: '/process-life-time-membership-invite',
  /** A sign-up's confirmation link (issue 27): public, its token in `it`. */
  verifyEmail: '/verify-email',
  /** An email change's link to the new address: public, its token in `it`. */
  confirmEmailChange: '/confirm-email-change',
  /** Ask for a password reset link; the link opens `resetPassword` (`?it=` token). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  billing: {
    /** The local (test-mode) provider's pay page of one invoice: public, its token in the path. */
    hostedInvoice: '/billing/invoice/:token',
  },
  org: {
    dashboard: '/org',
    groups: '/org/groups',
    manageGroup: '/org/group/manage',
    users: '/org/users',
    invitation: '/org/invitation',
    reports: '/org/reports',
    billingHistory: '/org/billing-history',
    billingSettings: '/org/billing-settings',
    activities: '/org/activities',
    import: '/org/import',
  },
  group: {
    dashboard: '/group',
    participants: '/group/participants',
    participantProfile: '/group/participants/profile',
    participantReadings: '/group/participants/readings',
    invitation: '/group/invitation',
    reports: '/group/reports',
    activity: '/group/activity',
  },
  admin: {
    dashboard: '/admin',
    organizations: '/admin/organizations',
    organization: '/admin/organization',
    invitation: '/admin/invitation',
    invoices: '/admin/invoices',
    activity: '/admin/activity',
  },
  user: {
    dashboard: '/user',
    morningHistory: '/user/history/morning',
    biofeedback: '/biofeedback',
    mindfulness: '/mindfulness',
    selfCompassion: '/self-compassion',
    settings: '/user/settings',
    organizations: '/user/organizations',
    yourData: '/user/data',
  },
} as const;

/** The four areas that have their own frame and side menu. */
export type Area = 'org' | 'group' | 'admin' | 'user';

/** A page about one user, the user's id in the query string (`?userId=`), so a reload keeps it. */
export function userPagePath(path: string, userId: string): string {
  return `${path}?${new URLSearchParams({ userId }).toString()}`;
}

/** An organization's page (app admin); the id travels in the URL, so a reload finds it again. */
export function organizationPath(orgId: string): string {
  return `${paths.admin.organization}?${new URLSearchParams({ orgId }).toString()}`;
}
