/**
 * How Debian's Chromium is launched headless for the journeys and the Lighthouse bench: no sandbox
 * (root in CI), no GPU, and no traffic of its own (QUIC, background updates, sync) beside the
 * page's.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
