import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

/**
 * zValidator that throws the ZodError to the error handler, so every validation failure has the
 * same shape: 400 {error: {code: 'VALIDATION_FAILED', message, details}}.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw result.error;
  });
}
