import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../common/error-codes.ts';
import { msg } from '../../common/message-key.ts';

/**
 * An error the user caused or may see: a stable code for programs and a message for people.
 * The message (and each of `details`) is a message key from `msg` (common/message-key.ts): the
 * error handler writes it in the caller's language. Anything else thrown inside a request is
 * answered as a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string>,
    /** Ids the refusal is about, answered beside the message (issue 27: `requestId`). */
    readonly about?: { requestId?: string },
  ) {
    super(message);
  }
}

export const notFound = (message = msg('errors.notFound')) =>
  new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, details?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', message, details);
export const unauthorized = (message = msg('errors.unauthorized')) =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = msg('errors.forbidden')) =>
  new AppError(403, 'FORBIDDEN', message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);

export const ACCOUNT_BLOCKED_MESSAGE = msg('errors.accountBlocked');
/** A blocked user tried to act (DESIGN §1: every write is refused with a clear message). */
export const accountBlocked = () => new AppError(403, 'ACCOUNT_BLOCKED', ACCOUNT_BLOCKED_MESSAGE);
