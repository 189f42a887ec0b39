import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import type { Logger } from './logger.ts';

/** What the log line of one request says. */
export interface RequestLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  /** performance.now() when the request came in. */
  started: number;
}

/** A path as logs may show it: the SMS receipts' secret (sms-receipts.routes.ts) left out. */
export const loggablePath = (path: string) =>
  path.replace(/^(\/api\/sms\/receipts\/)[^/]+/, '$1[secret]');

/** Writes a request's log line (the app's middleware and the public reads' fast path). */
export function logRequest(
  logger: Logger,
  { requestId, method, path, status, started }: RequestLine,
) {
  logger.info(
    {
      requestId,
      method,
      path: loggablePath(path),
      status,
      ms: Math.round(performance.now() - started),
    },
    'request',
  );
}

/** One JSON log line per request, with its id, status and duration. No headers, no bodies. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logRequest(logger, {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      started,
    });
  };
}
