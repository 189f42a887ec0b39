/**
 * Registers the service worker (web/sw/sw.ts) once the page has loaded and the browser is idle,
 * so it costs the first load nothing but these few lines (issue 16 item 3).
 *
 * A new version activates at once (skipWaiting + clients.claim in the worker). A page that was
 * already controlled by the old one then reloads at its next navigation, not at once: a reload
 * in the middle of a form would lose what was typed. A page in the background reloads at once.
 * Pages are fetched network first, so a page loaded while online is already the new build's.
 *
 * The pages it keeps are in the reader's language (the server picks it by the cookie,
 * server/lib/static-web.ts); when the reader changes language, the kept ones are fetched again.
 */
import { onLanguageRemembered } from './i18n.ts';

interface Container {
  readonly controller: unknown;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

interface Router {
  state: { location: unknown };
  subscribe(listener: (state: { location: unknown }) => void): () => void;
}

/**
 * Calls `reload` once a new version has taken over a page an older one controlled: when the page
 * is hidden, else at the router's next change of address. Not for the first install.
 */
export function reloadOnNewVersion(
  container: Container,
  router: Router,
  reload: () => void,
  isHidden: () => boolean,
): void {
  let controlled = container.controller != null;
  let pending = false;
  let last = router.state.location;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (isHidden()) reload();
    else pending = true;
  });
  router.subscribe((state) => {
    if (state.location === last) return;
    last = state.location;
    if (pending) {
      pending = false;
      reload();
    }
  });
}

export function startServiceWorker(router: Router): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  reloadOnNewVersion(
    container,
    router,
    () => window.location.reload(),
    () => document.visibilityState === 'hidden',
  );
  const register = () => {
    container.register('/sw.js').catch(() => {
      // No offline copy this time (private mode, a browser setting): the site works without it.
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 1000);
  onLanguageRemembered(() => void refetchKeptPages());
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Fetches again the pages the worker keeps for offline use (the loading page, the public pages
 * kept so far), now in the language just chosen: offline, a Bangla reader would otherwise get
 * the English copies kept before. Only this build's caches (`redhope-<version>`), not the API's.
 */
async function refetchKeptPages(): Promise<void> {
  if (!('caches' in window)) return;
  try {
    for (const name of await caches.keys()) {
      if (!/^redhope-(?!public-api$)/.test(name)) continue;
      const cache = await caches.open(name);
      const pages = (await cache.keys()).filter((request) => {
        const { pathname } = new URL(request.url);
        return pathname === '/app.html' || !/\.\w+$/.test(pathname);
      });
      await Promise.all(pages.map((request) => cache.add(request.url)));
    }
  } catch {
    // Offline or storage refused: the kept pages stay as they were, and the app still redraws
    // them in the reader's language.
  }
}
