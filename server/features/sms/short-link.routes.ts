import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { uuidOfShortCode } from './short-link.ts';

/** GET /r/:code: an SMS's short link (short-link.ts), redirected to the request's page. */
export function shortLinkRoutes() {
  return new Hono<AppEnv>().get('/r/:code', (c) => {
    const id = uuidOfShortCode(c.req.param('code'));
    if (!id) return c.notFound();
    return c.redirect(`/blood-donation-request/${id}`, 302);
  });
}
