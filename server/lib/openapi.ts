import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * A router whose endpoints come from the definitions in common/contract: each one validates its
 * params, query and body with the definition's schemas (a failure goes to the error handler, so
 * every refusal has the one error shape) and is described in /api/openapi.json.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw result.error;
    },
  });
}

export type Router = ReturnType<typeof createRouter>;

/** The definition with the guards (requireUser, requireRole…) that run before its handler. */
export function guarded<R extends RouteConfig>(
  route: R,
  ...middleware: MiddlewareHandler<AppEnv>[]
): R & { middleware: MiddlewareHandler<AppEnv>[] } {
  return { ...route, middleware };
}
