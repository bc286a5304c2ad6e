import { z } from 'zod';

// Zod compiles fast parsers with `new Function` and probes for it when a schema is built. The
// portal's pages forbid eval (CSP), so in the browser the probe is blocked and reported: parse
// without compiling there. Every contract imports `z` from here, so this runs before any schema.
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });

export { z };
