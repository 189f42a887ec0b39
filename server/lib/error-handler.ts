import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { type Language, languageFromHeader } from '../../common/languages.ts';
import { msg } from '../../common/message-key.ts';
import { isDatabaseUnavailable } from '../db/dialect.ts';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';
import { callerLanguage, issueText, type LanguageSource, textOf } from './messages.ts';
import { loggablePath } from './request-log.ts';

/** When to try again while the database is unreachable (a restart or failover takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The outage is logged by the pool once; the handler adds one line a minute at most. */
const UNAVAILABLE_LOG_EVERY_MS = 60_000;

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, string>; requestId?: string };
}

/** Turns zod issues into {field: message} so a form can show each message next to its field. */
export function fieldErrors(error: z.ZodError, language: Language = 'en'): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    details[key] ??= issueText(language, issue);
  }
  return details;
}

/**
 * The one place errors become HTTP answers. Known errors keep their code; their message (and
 * each field's) is written in the caller's language (server/lib/messages.ts). Anything else is
 * logged with the request id and answered with a generic message (no SQL, no stack).
 */
export function createErrorHandler(logger: Logger, languages: LanguageSource) {
  let unavailableLoggedAt = -Infinity;
  return async (err: Error, c: Context<AppEnv>) => {
    if (isDatabaseUnavailable(err)) {
      // Issue 25: not a fault of ours or the caller's, and over in seconds: 503 and when to retry.
      // The caller's language is read from the header only (the account is in the database).
      if (Date.now() - unavailableLoggedAt > UNAVAILABLE_LOG_EVERY_MS) {
        unavailableLoggedAt = Date.now();
        logger.warn({ err, requestId: c.get('requestId') }, 'database unavailable; answering 503');
      }
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      c.header('Vary', 'Accept-Language', { append: true });
      const language = languageFromHeader(c.req.header('accept-language'));
      const message = textOf(language, msg('errors.databaseUnavailable'));
      return c.json({ error: { code: 'DATABASE_UNAVAILABLE', message } } satisfies ErrorBody, 503);
    }
    const language = await callerLanguage(c, languages);
    const text = (message: string) => textOf(language, message);
    const body = (code: string, message: string, details?: Record<string, string>): ErrorBody => ({
      error: details ? { code, message, details } : { code, message },
    });
    if (err instanceof AppError) {
      const details = err.details
        ? Object.fromEntries(Object.entries(err.details).map(([k, v]) => [k, text(v)]))
        : undefined;
      const answer = body(err.code, text(err.message), details);
      if (err.about?.requestId) answer.error.requestId = err.about.requestId;
      return c.json(answer, err.status);
    }
    if (err instanceof z.ZodError) {
      const details = fieldErrors(err, language);
      const first = Object.values(details)[0] ?? text(msg('validation.invalid'));
      return c.json(body('VALIDATION_FAILED', first, details), 400);
    }
    if (err instanceof SyntaxError && /JSON/.test(err.message)) {
      return c.json(body('MALFORMED_JSON', text(msg('errors.malformedJson'))), 400);
    }
    if (err instanceof HTTPException && err.status === 415) {
      // A body of a type the endpoint does not take (the router's or a validator's refusal): in
      // words, with its own code (issues 28 and 32).
      return c.json(body('UNSUPPORTED_MEDIA_TYPE', text(msg('errors.sendAsJson'))), 415);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const json = /json/i.test(err.message);
      const message = json
        ? text(msg('errors.malformedJson'))
        : err.message || text(msg('errors.badRequest'));
      return c.json(body(json ? 'MALFORMED_JSON' : 'BAD_REQUEST', message), err.status);
    }
    logger.error(
      { err, requestId: c.get('requestId'), path: loggablePath(c.req.path) },
      'unhandled error',
    );
    return c.json(body('INTERNAL_ERROR', text(msg('errors.internal'))), 500);
  };
}
