// zod's core only: the full library (and its schemas) is fetched with the first form that needs it.
import { config } from 'zod/v4/core';

// The server's Content-Security-Policy forbids eval. zod's fast path compiles validators with
// `new Function`, and even its probe for that is reported as a CSP violation, so it is turned off
// before any schema runs.
config({ jitless: true });
