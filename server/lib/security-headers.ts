import { secureHeaders } from 'hono/secure-headers';
import type { Env } from './env.ts';

/**
 * Security headers for every answer. The CSP allows no inline script; inline style attributes
 * are allowed because the dialog library (SweetAlert2) positions its popups with them.
 */
export const securityHeaders = (env: Env) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
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
