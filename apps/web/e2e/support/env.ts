/** How the e2e server is started: its port and the credentials it is seeded with. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The test mailbox: SMTP for the app, HTTP for the tests (support/mail-catcher.ts). */
export const E2E_SMTP_PORT = E2E_PORT + 1;
export const E2E_MAIL_PORT = E2E_PORT + 2;
export const MAILBOX_URL = `http://127.0.0.1:${E2E_MAIL_PORT}`;
export const APP_ADMIN = { email: 'app.admin@e2e.test', password: 'Admin#e2e-2026' };
export const DEMO_PASSWORD = 'Resonant#2026';
export const DEMO = {
  orgAdmin: 'org.admin@demo.resonant.app',
  groupAdmin: 'group.admin@demo.resonant.app',
  member: 'member01@demo.resonant.app',
};

/** The side-menu links of each area, as SPEC §2 lists them. */
export const MENUS = {
  org: ['Dashboard', 'Groups', 'Users', 'Invite Users', 'Reports', 'Billing History'],
  group: ['Dashboard', 'Users', 'Invite Users', 'Reports'],
  admin: ['Dashboard', 'Organizations', 'Invite Users', 'Invoices'],
  user: [
    'Dashboard',
    'Morning/Anytime',
    'Bio/Mindfulness',
    'My Organizations',
    'Your Data',
    'Settings',
  ],
};
