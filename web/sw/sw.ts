/// <reference lib="webworker" />
/**
 * RedHope's service worker (issue 16 item 3; docs/decisions/022-offline-public-pages.md), built
 * by scripts/build-sw.ts into dist/web/sw.js with this build's version and file list.
 *
 * - Install: keeps the app shell, the public pages and the code and styles they need.
 * - Pages: network first; offline, the kept copy of a public page (or the app shell).
 * - /assets/: cache first (hashed names), kept as they are fetched.
 * - /api/: only the public reads (sw-rules.ts) and only answers not marked private or no-store;
 *   every other API request is left to the network, never stored.
 * - A new version takes over at once (skipWaiting + clients.claim) and drops the old caches; the
 *   page reloads at its next navigation (web/lib/service-worker.ts).
 */
import {
  CACHE_PREFIX,
  cacheNameFor,
  isBuildAsset,
  isPublicRead,
  isStorable,
  PUBLIC_API_CACHE,
  publicPageKey,
} from './sw-rules.ts';

declare const self: ServiceWorkerGlobalScope;
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

const CACHE = cacheNameFor(__SW_VERSION__);
const SHELL = '/app.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(__SW_PRECACHE__))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter(
              (name) =>
                name.startsWith(CACHE_PREFIX) && name !== CACHE && name !== PUBLIC_API_CACHE,
            )
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function page(request: Request, url: URL): Promise<Response> {
  const key = publicPageKey(url);
  try {
    const response = await fetch(request);
    if (key && isStorable(response)) {
      const copy = response.clone();
      void caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const kept =
      (key && (await cache.match(key, { ignoreVary: true }))) ||
      (await cache.match(SHELL, { ignoreVary: true }));
    if (kept) return kept;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (isStorable(response)) void cache.put(request, response.clone());
  return response;
}

async function publicRead(request: Request): Promise<Response> {
  const cache = await caches.open(PUBLIC_API_CACHE);
  try {
    const response = await fetch(request);
    // A signed-in answer (private, no-store) is never kept; the anonymous copy stays.
    if (isStorable(response)) void cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
  } else if (isBuildAsset(url)) {
    event.respondWith(asset(request));
  } else if (isPublicRead(url)) {
    event.respondWith(publicRead(request));
  } else if (!url.pathname.startsWith('/api/')) {
    // The manifest, icons and favicon: the network, or the kept copy offline.
    event.respondWith(
      fetch(request).catch(async () => {
        const kept = await caches.match(request, { ignoreVary: true });
        if (kept) return kept;
        throw new TypeError(`offline: ${url.pathname}`);
      }),
    );
  }
});
