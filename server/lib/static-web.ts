import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../common/languages.ts';
import type { AppEnv } from './context.ts';

export interface StaticWebOptions {
  /**
   * Rewrites index.html for the page at the request's path (a shared link's preview tags). The
   * answer is never cached (no-cache), so one page's head never reaches another.
   */
  transformIndex?: (c: Context, html: string) => Promise<string>;
}

/**
 * Serves the built web app from `root`, precompressed (brotli or gzip) where the browser takes
 * it. Hashed assets are cached for a year; pages are never cached. A prerendered page is served
 * at its own path; every other non-/api path answers the app shell so the client router can take it.
 */
export function staticWeb(root: string, options: StaticWebOptions = {}) {
  const app = new Hono<AppEnv>();
  // The build draws the public pages into their own HTML (index.html is the home page; each has
  // an index.bn.html in Bangla) and writes app.html, the navigation around "Loading this page…",
  // for every other address, app.bn.html the same in Bangla, app.bare*.html both without
  // navigation (scripts/prerender.ts; issue 30 item 3).
  const shellFile = path.join(root, 'app.html');
  const indexFile = fs.existsSync(shellFile) ? shellFile : path.join(root, 'index.html');
  /**
   * The loading page in the language the app is about to draw the page in, without navigation
   * for sign-in and sign-up (app.bare*.html; web/routes/root-layout.tsx's isBarePage).
   */
  const shellFor = (c: Context) => {
    const bare = c.req.path.includes('login') || c.req.path.includes('register');
    const name = `app${bare ? '.bare' : ''}${shellLanguage(c) === 'bn' ? '.bn' : ''}.html`;
    const file = path.join(root, name);
    return name !== 'app.html' && fs.existsSync(file) ? file : indexFile;
  };
  app.use(
    '/assets/*',
    serveStatic({
      root,
      // The build writes .br and .gz beside each text asset; the browser gets the best it takes.
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    // A page names this build's hashed assets: a browser must not keep one past a new build.
    // Its language follows the reader's cookie: no shared cache may give one reader's to another.
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.set('Cache-Control', 'no-cache');
      c.res.headers.append('Vary', 'Cookie');
    }
    // The service worker and the manifest keep their names across builds: the browser must ask
    // each time whether they changed, or a new version would wait for a heuristic expiry.
    if (c.req.path === '/sw.js' || c.req.path === '/manifest.webmanifest') {
      c.res.headers.set('Cache-Control', 'no-cache');
    }
  });
  // A reader who chose Bangla gets the Bangla copy of a prerendered page (index.bn.html beside its
  // index.html) and of the loading page the service worker keeps (/app.html), so the page does not
  // show English until the app redraws it; any other file is the same in both languages.
  const servedInBangla = serveStatic({
    root,
    precompressed: true,
    index: 'index.bn.html',
    rewriteRequestPath: (file) => (file === '/app.html' ? '/app.bn.html' : file),
  });
  app.use('*', (c, next) => (shellLanguage(c) === 'bn' ? servedInBangla(c, next) : next()));
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', async (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built yet. Run `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    const html = fs.readFileSync(shellFor(c), 'utf8');
    return c.html(options.transformIndex ? await options.transformIndex(c, html) : html);
  });
  return app;
}

/**
 * The language the app will draw this page in, so the page shown before its code arrives says
 * "Loading…" in it: the address's `?lang=` (the language switch before the app is live, a Bangla
 * share), else the reader's remembered choice. Not Accept-Language: the app does not follow it.
 */
export function shellLanguage(c: Context): 'en' | 'bn' {
  const asked = c.req.query('lang') ?? getCookie(c, LANGUAGE_COOKIE);
  return asked === 'bn' ? 'bn' : 'en';
}
