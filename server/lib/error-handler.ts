import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, string> };
}

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

/** Turns zod issues into {field: message} so a form can show each message next to its field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    details[key] ??= issue.message;
  }
  return details;
}

/**
 * The one place errors become HTTP answers. Known errors keep their code and message; anything
 * else is logged with the request id and answered with a generic message (no SQL, no stack).
 */
export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context<AppEnv>) => {
    const body = (code: string, message: string, details?: Record<string, string>): ErrorBody => ({
      error: details ? { code, message, details } : { code, message },
    });
    if (err instanceof AppError) {
      return c.json(body(err.code, err.message, err.details), err.status);
    }
    if (err instanceof z.ZodError) {
      const details = fieldErrors(err);
      const first = Object.values(details)[0] ?? 'The request is not valid.';
      return c.json(body('VALIDATION_FAILED', first, details), 400);
    }
    if (err instanceof SyntaxError && /JSON/.test(err.message)) {
      return c.json(body('MALFORMED_JSON', 'The request body is not valid JSON.'), 400);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const message = /json/i.test(err.message)
        ? 'The request body is not valid JSON.'
        : err.message || 'The request could not be understood.';
      const code = /json/i.test(err.message) ? 'MALFORMED_JSON' : 'BAD_REQUEST';
      return c.json(body(code, message), err.status);
    }
    logger.error({ err, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return c.json(body('INTERNAL_ERROR', GENERIC_500), 500);
  };
}
