import type { Page, Route } from 'playwright-core';

/**
 * Holds the app's code back, as a slow network does, until the returned function is called: the
 * page as the server sent it can be looked at, and tapped, before the app is live, with no
 * timing guessed. By default every script of /assets; `which` narrows it (the entry alone).
 * Call it before `page.goto`, and open the page with `waitUntil: 'commit'` (the load event waits
 * for the held scripts). A running service worker fetches past page.route: block it where the
 * scripts might come through it.
 */
export async function holdAppCode(
  page: Page,
  which: Parameters<Page['route']>[0] = '**/assets/*.js',
): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(which, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}
