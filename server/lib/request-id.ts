import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

const MAX_LENGTH = 255;
const UNSAFE = /[^\w\-=]/;

/**
 * The id a request is known by in logs and in its answer's X-Request-Id: the caller's own
 * (a proxy's) when it is short and plain (letters, digits, `_`, `-`, `=`), else a new UUID: the
 * rule of Hono's request-id middleware.
 */
export function requestIdFor(given: string | undefined): string {
  return !given || given.length > MAX_LENGTH || UNSAFE.test(given) ? crypto.randomUUID() : given;
}

/** Middleware: sets `requestId` and the answer's X-Request-Id. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = requestIdFor(c.req.header('X-Request-Id'));
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  };
}
