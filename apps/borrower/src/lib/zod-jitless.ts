import { config } from 'zod';

// The page's policy has no 'unsafe-eval': zod must not probe `new Function` for its compiled
// parsers (the browser reports the caught attempt as a CSP violation). zod decides when a schema is
// made, so this module is main.tsx's first import, before any schema exists.
config({ jitless: true });
