import { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/**
 * Closes the connection after an answer sent before the request body had fully arrived (a 413,
 * or a 403/429 that refuses an upload unread). What is left of that body is still on its way,
 * and no later request on the connection can be read past it: `Connection: close` says so and
 * Node then really closes the socket, instead of promising keep-alive and dropping it later.
 */
export function closeWhenBodyUnread(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
    if (incoming instanceof IncomingMessage && !incoming.complete) c.header('Connection', 'close');
  };
}
