import { config } from 'zod/mini';

// The shop's CSP allows no eval, so zod's compiled fast path can never run here, and zod's
// probe for it (`new Function("")`) is reported as a CSP violation on every visit. Zod's
// interpreter parses the shop's small responses as fast; imported first by main.tsx.
config({ jitless: true });
