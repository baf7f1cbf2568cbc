import { config } from 'zod';

// The server's Content-Security-Policy forbids eval. zod's fast path compiles validators with
// `new Function`, and even its probe for that is reported as a CSP violation, so it is turned off
// before any schema runs.
config({ jitless: true });
