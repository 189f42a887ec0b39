/**
 * The privacy notice's version (issue 31, PDPO 2025): the date its words last changed. Consent
 * is stored with the version it was given to; raise this whenever the notice (web/locales,
 * `privacy.*`) changes, and every account that agreed to an older one is asked again at its
 * next sign-in. Its own module, without zod, so the notice page carries nothing else.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-29';
