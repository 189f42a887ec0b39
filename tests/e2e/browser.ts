import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { baseUrl } from './site.ts';

/**
 * Debian's Chromium in its headless shell (`apt-get install chromium-headless-shell`), the build
 * Playwright itself runs for headless tests; it cannot download its own on these machines. The
 * same Blink and V8 as `chromium`, without the full browser's window, GPU and display-compositor
 * processes: the same browser files took 35% less CPU (decision 052). CHROMIUM_PATH picks
 * another, e.g. /usr/bin/chromium to watch a failure in the whole browser.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export { baseUrl } from './site.ts';

/**
 * The worker's headless Chromium, launched by the first spec file that asks and kept for the
 * worker's later files (the e2e project does not isolate its files: vitest.config.ts). A launch
 * took about a second of CPU, 34 times a run. Playwright closes it when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  const running = await workerBrowser;
  if (running?.isConnected()) return running;
  workerBrowser = chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return workerBrowser;
}

/**
 * The worker's Chromium for one spec file, and a fresh context (no cookies) per page; the
 * file's contexts are closed after it, so nothing of one file runs on beside the next. A page
 * that logs a console error or throws fails its test.
 */
export function setupBrowser() {
  let browser: Browser;
  const errors: string[] = [];
  const contexts = new Set<BrowserContext>();

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await Promise.all([...contexts].map((context) => context.close()));
  });
  afterEach(() => {
    const found = errors.splice(0);
    if (found.length) throw new Error(`The page logged errors:\n${found.join('\n')}`);
  });

  return {
    /**
     * A page in a fresh context, on the e2e server unless `site` names another one. The site's
     * service worker runs as in any browser; `serviceWorkers: 'block'` for a test that answers
     * requests itself (page.route does not see what a service worker fetches).
     */
    async newPage({
      site = baseUrl(),
      serviceWorkers = 'allow',
    }: {
      site?: string;
      serviceWorkers?: 'allow' | 'block';
    } = {}): Promise<Page> {
      const context = await browser.newContext({ baseURL: site, serviceWorkers });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      const page = await context.newPage();
      page.on('console', (msg) => {
        // A 4xx answer the app expects (e.g. a wrong password) is logged by Chromium as an error
        // about the resource; only errors the app itself logs fail the test.
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
          errors.push(msg.text());
        }
      });
      page.on('pageerror', (err) => errors.push(err.message));
      return page;
    },
  };
}
