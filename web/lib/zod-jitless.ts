import { config } from 'zod/v4/core';

// The CSP allows no eval, so zod cannot compile its parsers here anyway; without this it still
// tries once (`new Function`), and the browser reports that try as a CSP violation.
config({ jitless: true });
