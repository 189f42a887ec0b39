// First: zod must be jitless before any schema is made (the CSP allows no eval).
import './lib/zod-jitless.ts';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { installSessionWatch } from './features/auth/session-watch.ts';
import { installUnauthorizedHandler } from './features/auth/unauthorized.ts';
import { FirstScreenMark, hydrateInSteps } from './lib/hydrate-later.tsx';
import { i18n, rememberLanguage, setLanguage, storedLanguage } from './lib/i18n.ts';
import { adoptLanguageFromAddress } from './lib/language-from-address.ts';
import { queryClient } from './lib/query-client.ts';
import { startServiceWorker } from './lib/service-worker.ts';
import { isPrerenderedFor, loadMatchedRoutes } from './routes/prerendered.ts';
import { routes } from './routes/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

async function start(root: HTMLElement) {
  // The page's own code first, so that the first render is the page itself, not a blank app
  // waiting for it; a prerendered page is taken over (hydrated) only by that same render.
  // A reader who chose Bangla: its strings come with the page's code, before the first render.
  // (Chosen before the app took the page over, it came in the address.)
  // The language the page was drawn in (the server sends a Bangla copy to a reader who chose
  // it), read before the app's language sets <html lang>.
  const drawnIn = document.documentElement.lang;
  adoptLanguageFromAddress();
  const language = storedLanguage();
  // Kept in the cookie too (a choice made before the cookie existed): the next page's loading
  // state is then in this language (server/lib/static-web.ts).
  if (language !== 'en') rememberLanguage(language);
  await Promise.all([
    language === 'en' ? undefined : setLanguage(language).catch(() => undefined),
    loadMatchedRoutes(routes, window.location),
  ]);
  // The reader already has this page on the screen, and may have scrolled it. Told so (what React
  // Router calls hydration data), the router's ScrollRestoration leaves the first address's
  // scroll to the browser instead of sending the reader to the top, where their tap landed on
  // whatever came under their finger. No page the build draws has a loader: no data is owed.
  const prerendered = isPrerenderedFor(root, window.location);
  const router = createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);
  installUnauthorizedHandler(router, queryClient);
  installSessionWatch(queryClient);
  // Production only: in development Vite serves modules the worker's file list does not name.
  if (import.meta.env.PROD) startServiceWorker(router);
  const app = (
    <StrictMode>
      <App router={router} />
      <FirstScreenMark />
    </StrictMode>
  );
  // A prerendered page in another language than the app's (a choice the server had not heard of)
  // is drawn over in one pass (no hydration, which would keep its words): the layout stays.
  if (prerendered && i18n.language === drawnIn) {
    // Let the browser paint the page it already has before the app's first (long) task.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    // The first screen in this task, the sections below it in two more (web/lib/hydrate-later.tsx).
    hydrateInSteps(2);
    // As a transition, React hydrates in slices and yields to the browser between them (a tap
    // meanwhile hydrates its part first); a plain hydrateRoot is one long task on a slow phone.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

void start(container);
