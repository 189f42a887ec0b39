import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from './context.ts';

/** Below this an answer goes as it is: compressing it costs more than it saves. */
const THRESHOLD = 1024;

/**
 * Compresses API answers of 1 KB and more (gzip or deflate, as the client accepts). Hono's
 * compress middleware decides by Content-Length, which its JSON answers do not carry, so the
 * length is set first from the body already built in memory.
 */
export function compressJson(): MiddlewareHandler<AppEnv>[] {
  const measure: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    // Only worth a copy of the body when the answer may be compressed at all.
    if (!/gzip|deflate/.test(c.req.header('accept-encoding') ?? '')) return;
    if (c.res.headers.has('Content-Length') || !c.res.body) return;
    if (!c.res.headers.get('Content-Type')?.startsWith('application/json')) return;
    const body = await c.res.arrayBuffer();
    const headers = new Headers(c.res.headers);
    headers.set('Content-Length', String(body.byteLength));
    c.res = new Response(body, { status: c.res.status, headers });
  };
  return [compress({ threshold: THRESHOLD }), measure];
}
