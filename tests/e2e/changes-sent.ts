import type { Page, Request } from 'playwright-core';

/**
 * Follows the requests of `page` that `counts` picks. `settled()` resolves once every one sent so
 * far has been answered (or has failed), and the page has drawn a frame after the last answer.
 *
 * A test that checks a double click sent one request waits for this, not a fixed time: both
 * clicks run before the first answer comes, so a second request would already be on its way when
 * the success shows, and the wait ends as soon as it (and what the page shows for it) is done.
 */
export function followRequests(page: Page, counts: (req: Request) => boolean) {
  const sent: string[] = [];
  const open = new Set<Request>();
  let waiting: Array<() => void> = [];
  const onRequest = (req: Request) => {
    if (!counts(req)) return;
    sent.push(`${req.method()} ${new URL(req.url()).pathname}`);
    open.add(req);
  };
  const onDone = (req: Request) => {
    if (!open.delete(req) || open.size) return;
    const resolve = waiting;
    waiting = [];
    for (const done of resolve) done();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  return {
    sent,
    async settled(): Promise<void> {
      if (open.size) await new Promise<void>((resolve) => waiting.push(resolve));
      // Two frames: the answer's handler has run and what it shows (an error dialog) is drawn.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
    },
    stop() {
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
    },
  };
}

/** A change the page asks the API for (reads are not counted). */
export const isApiChange = (req: Request) =>
  req.method() !== 'GET' &&
  req.method() !== 'HEAD' &&
  new URL(req.url()).pathname.startsWith('/api/');
