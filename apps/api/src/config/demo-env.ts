import { randomBytes } from 'node:crypto';

/** The demo accounts' password the README publishes: anyone may sign in with it. */
export const PUBLISHED_DEMO_PASSWORD = 'Resonant#2026';

export interface DemoSetting {
  /** Seed the demo organisation on the first start. */
  DEMO_DATA: boolean;
  /** The demo accounts' password. */
  DEMO_PASSWORD: string;
  /** Made up by this start (a public or production server not given one): print it once. */
  DEMO_PASSWORD_GENERATED: boolean;
}

/**
 * Whether to seed the demo, and with which password. On this machine (PUBLIC_URL on loopback, not
 * production) a first run gets the demo with the published password, as the README says. Where
 * others can reach the server the demo comes only when DEMO_DATA=true says so, with a password of
 * its own: the published one would hand every visitor an org admin and thirty members.
 */
export function demoSetting(options: {
  demoData: boolean | undefined;
  demoPassword: string | undefined;
  onThisMachine: boolean;
}): DemoSetting | { problem: string } {
  const { demoData, demoPassword, onThisMachine } = options;
  if (onThisMachine) {
    return {
      DEMO_DATA: demoData ?? true,
      DEMO_PASSWORD: demoPassword ?? PUBLISHED_DEMO_PASSWORD,
      DEMO_PASSWORD_GENERATED: false,
    };
  }
  if (demoData && demoPassword === PUBLISHED_DEMO_PASSWORD) {
    return {
      problem:
        'DEMO_PASSWORD: the published demo password is refused on a production or public server ' +
        '(anyone could sign in to the demo accounts); leave it unset for a generated one',
    };
  }
  return {
    DEMO_DATA: demoData ?? false,
    DEMO_PASSWORD: demoPassword ?? randomBytes(15).toString('base64url'),
    DEMO_PASSWORD_GENERATED: demoPassword === undefined,
  };
}
