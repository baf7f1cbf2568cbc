import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/env.ts';
import { startBanner, type StartFacts } from './start-banner.ts';

const FACTS: StartFacts = {
  database: 'PGlite in /tmp/data',
  generatedAppAdminPassword: null,
  demoSeededNow: false,
  onTerminal: true,
  appAdminHasSecondFactor: true,
};
const GENERATED = 'Made-Up#Password-42';

// Issue 27: the start log printed every password, into journals and log files that keep them.
describe('startBanner', () => {
  it('shows a generated app admin password once, on a terminal only', () => {
    const config = loadConfig({});
    const facts = { ...FACTS, generatedAppAdminPassword: GENERATED };
    expect(startBanner(config, facts)).toContain(
      `password: ${GENERATED}  (generated now, shown once`,
    );
    const logged = startBanner(config, { ...facts, onTerminal: false });
    expect(logged).not.toContain(GENERATED);
    expect(logged).toContain(
      'generated now and not printed, as the output is not a terminal: set APP_ADMIN_PASSWORD and restart',
    );
    expect(startBanner(config, FACTS)).toContain(
      '(password: APP_ADMIN_PASSWORD, or the one generated at first start)',
    );
  });

  it('never prints a chosen password, and names the published demo one as such', () => {
    const chosen = loadConfig({
      APP_ADMIN_PASSWORD: 'Chosen#Admin42',
      DEMO_PASSWORD: 'Chosen#Demo42',
    });
    const banner = startBanner(chosen, { ...FACTS, demoSeededNow: true });
    expect(banner).not.toContain('Chosen#Admin42');
    expect(banner).not.toContain('Chosen#Demo42');
    expect(banner).toContain('Demo password (all demo accounts): (DEMO_PASSWORD)');
    expect(startBanner(loadConfig({}), FACTS)).toContain(
      'Demo password (all demo accounts): Resonant#2026 (published)',
    );
  });

  it('shows a generated demo password only from the start that seeded with it, on a terminal', () => {
    const config = loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: 'true', DEMO_DATA: 'true' });
    const seeded = { ...FACTS, demoSeededNow: true };
    expect(startBanner(config, seeded)).toContain(config.DEMO_PASSWORD);
    expect(startBanner(config, { ...seeded, onTerminal: false })).not.toContain(
      config.DEMO_PASSWORD,
    );
    expect(startBanner(config, FACTS)).not.toContain(config.DEMO_PASSWORD);
  });

  it('warns when the app admin has no second factor', () => {
    const config = loadConfig({});
    const warning = 'Warning: the app admin has no second factor';
    expect(startBanner(config, { ...FACTS, appAdminHasSecondFactor: false })).toContain(warning);
    expect(startBanner(config, FACTS)).not.toContain(warning);
  });
});
