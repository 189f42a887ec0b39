// zod set jitless before any schema exists in the browser: web/main.tsx imports this first.
// The CSP allows no eval, so zod cannot compile its parsers here anyway; without this it still
// tries once (`new Function`) when the first object schema is made, and the browser reports that
// try as a CSP violation. Only zod's small config module comes with the first load; zod itself
// comes with the contract's schemas, on the pages that call the API (decision 028).
import { config } from 'zod/v4/core';

config({ jitless: true });
