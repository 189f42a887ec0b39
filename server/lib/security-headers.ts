import { createHash } from 'node:crypto';
import { secureHeaders } from 'hono/secure-headers';
import { EARLY_TAPS_SCRIPT } from '../../common/early-taps.ts';
import type { Env } from './env.ts';

/**
 * The one inline script the pages carry (common/early-taps.ts: holds taps made before the app is
 * live), allowed by its hash: any other inline script, or this one changed by a byte, is refused.
 */
const EARLY_TAPS_HASH = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

/**
 * Security headers for every answer. The CSP allows no inline script but the pages' early-taps
 * script, by its hash; inline style attributes are allowed because the dialog library
 * (SweetAlert2) positions its popups with them.
 */
export const securityHeaders = (env: Env) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", EARLY_TAPS_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-origin',
    // Only when the site is served over https: browsers then never try plain http again.
    strictTransportSecurity: env.PUBLIC_URL?.startsWith('https://')
      ? 'max-age=63072000; includeSubDomains'
      : false,
  });
