/**
 * What the service worker (web/sw/sw.ts) keeps and serves, as plain functions the unit tests
 * reach (issue 16 item 3, docs/decisions/022-offline-public-pages.md).
 */

/** The prerendered public pages (scripts/prerender.ts) that open offline. */
export const PUBLIC_PAGES = ['/', '/blood-donation-request', '/blogs', '/search-donor'] as const;

/** The cache of one build (its name carries the build's version) and of the public API reads. */
export const CACHE_PREFIX = 'redhope-';
export const cacheNameFor = (version: string) => `${CACHE_PREFIX}${version}`;
export const PUBLIC_API_CACHE = `${CACHE_PREFIX}public-api`;

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** The cache key of a navigation to a public page (no query: a query draws another page). */
export function publicPageKey(url: URL): string | null {
  if (url.search !== '') return null;
  const pathname = withoutTrailingSlash(url.pathname);
  return (PUBLIC_PAGES as readonly string[]).includes(pathname) ? pathname : null;
}

/**
 * The API reads the public pages make that are the same for every visitor: the open requests
 * (`?status=pending`, never a requester's own list by `?email=`) and the published blogs. Only
 * these may be kept, and only when the answer says it may be (`isStorable`).
 */
export function isPublicRead(url: URL): boolean {
  if (url.pathname === '/api/blogs/publish') return true;
  return (
    url.pathname === '/api/donation-request' &&
    url.searchParams.get('status') === 'pending' &&
    !url.searchParams.has('email')
  );
}

/**
 * Whether an answer may be kept: a whole, successful, same-origin answer the server did not mark
 * private or no-store. The server marks every answer to a caller with credentials
 * `private, no-store` (server/lib/api-cache-control.ts), so a signed-in answer is never kept.
 */
export function isStorable(response: Pick<Response, 'status' | 'type' | 'headers'>): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/(^|[\s,])(no-store|private)([\s,=]|$)/.test(cacheControl);
}

/** Hashed build files: never change under their name, so served from the cache first. */
export const isBuildAsset = (url: URL) => url.pathname.startsWith('/assets/');
