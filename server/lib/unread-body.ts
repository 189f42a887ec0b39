import { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/**
 * How much of a refused body is read (and dropped) before the answer goes out, and for how long
 * at most. Enough for an oversized upload (5 MB allowed: a 6 MB photo, or twice that) to arrive
 * whole; a larger or slower body is cut off with the answer as before.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

/**
 * Answers sent before the request body had fully arrived (a 413, or a 403/429 that refuses an
 * upload unread). Issue 25: closing such a connection with body bytes still unread makes the
 * kernel reset it, and a client that does not wait for "100 Continue" (Node's fetch, curl for a
 * small body, any script) is still writing: it sees EPIPE or ECONNRESET, and the reset can
 * discard the answer before the client read it, so it never learns it was a 413. So the rest of
 * the body is read and dropped first (up to DRAIN_MAX_BYTES and DRAIN_MAX_MS), then the answer
 * is sent; the connection then closes cleanly. What could not be read in time is still left:
 * `Connection: close` says so and Node really closes the socket, instead of promising keep-alive
 * and reading the leftover bytes as the next request.
 */
export function closeWhenBodyUnread(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
    if (!(incoming instanceof IncomingMessage) || incoming.complete) return;
    const declared = Number(incoming.headers['content-length']);
    if (!(declared > DRAIN_MAX_BYTES)) await drain(incoming, DRAIN_MAX_BYTES, DRAIN_MAX_MS);
    if (!incoming.complete) c.header('Connection', 'close');
  };
}

/** Reads and drops what is left of `incoming`, until it ends or `maxBytes`/`maxMs` are reached. */
function drain(incoming: IncomingMessage, maxBytes: number, maxMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('pause', keepFlowing);
      incoming.off('end', done);
      incoming.off('close', done);
      incoming.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) done();
    };
    // A web stream made of the body (a reader the body limit left) pauses it when its queue is
    // full: nobody will read that queue again, so keep the bytes flowing to us.
    const keepFlowing = () => process.nextTick(() => incoming.resume());
    const timer = setTimeout(done, maxMs);
    incoming.on('data', onData);
    incoming.on('pause', keepFlowing);
    incoming.on('end', done);
    incoming.on('close', done);
    incoming.on('error', done);
    incoming.resume();
  });
}
