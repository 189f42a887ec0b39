// What `zod` is in the browser build (vite.config.ts aliases it here): zod itself, set jitless
// before any schema can parse. The CSP allows no eval, so zod cannot compile its parsers here
// anyway; without this it still tries once (`new Function`), and the browser reports that try
// as a CSP violation. An alias rather than an import in web/main.tsx, so that the first load
// carries none of zod (decision 020): zod comes only with a form, and is jitless wherever it comes.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
