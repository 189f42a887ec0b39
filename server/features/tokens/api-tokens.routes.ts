import type { MiddlewareHandler } from 'hono';
import { MAX_API_TOKENS_PER_USER } from '../../../common/api-token.schema.ts';
import type { ApiTokenResponse } from '../../../common/api-token-response.schema.ts';
import * as contract from '../../../common/contract/tokens.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { assertSecondFactor, currentUser, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import * as audit from '../audit/audit.repository.ts';
import * as apiTokens from './api-tokens.repository.ts';
import { mayGrantStaff } from './token-scopes.ts';

/**
 * Tokens are managed from a browser session only: a bearer token (an API token, or one from
 * POST /api/jwt) cannot make, list or revoke them, so a leaked one cannot make more.
 */
const requireBrowserSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('session')?.viaBearer) {
    throw new AppError(403, 'BROWSER_SESSION_REQUIRED', msg('errors.apiTokens.sessionOnly'));
  }
  return next();
};

function toDto(row: {
  id: string;
  name: string;
  scopes: ApiTokenResponse['scopes'];
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
}): ApiTokenResponse {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: toIso(row.createdAt),
    lastUsedAt: row.lastUsedAt === null ? null : toIso(row.lastUsedAt),
  };
}

/** Tokens one person may make in an hour. */
const API_TOKENS_PER_HOUR = 20;

/** Issue 32 (decision 044): a signed-in user's personal API tokens for programs. */
export function apiTokensRoutes({ db, counters }: AppDeps) {
  // Beside the cap on live tokens: making and revoking in a loop cannot flood the audit log.
  const createLimit = rateLimit(counters, {
    name: 'api-tokens',
    limit: API_TOKENS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    key: (c) => currentUser(c).id,
    code: 'TOO_MANY_TOKENS',
    message: msg('errors.limits.tokens', { count: API_TOKENS_PER_HOUR }),
  });
  return createRouter()
    .openapi(guarded(contract.listApiTokens, requireUser, requireBrowserSession), async (c) => {
      const rows = await apiTokens.findAllByUser(db, currentUser(c).id);
      return c.json(rows.map(toDto), 200);
    })
    .openapi(
      guarded(contract.createApiToken, requireUser, requireBrowserSession, createLimit),
      async (c) => {
        const user = currentUser(c);
        const { name, scopes } = c.req.valid('json');
        if (scopes.includes('staff')) {
          if (!mayGrantStaff(user.role)) {
            throw new AppError(403, 'SCOPE_NOT_ALLOWED', msg('errors.apiTokens.staffOnly'));
          }
          assertSecondFactor(user);
        }
        const created = await db.transaction().execute(async (trx) => {
          const row = await apiTokens.insertWithinCap(
            trx,
            user.id,
            { name, scopes },
            MAX_API_TOKENS_PER_USER,
          );
          if (row) {
            await audit.insert(trx, user, {
              action: 'token.create',
              targetType: 'user',
              targetId: user.id,
              targetLabel: user.email,
              detail: `${row.id} “${name}” (${scopes.join(', ')})`,
            });
          }
          return row;
        });
        if (!created) {
          throw new AppError(
            409,
            'TOO_MANY_API_TOKENS',
            msg('errors.apiTokens.tooMany', { max: MAX_API_TOKENS_PER_USER }),
          );
        }
        return c.json({ ...toDto({ ...created, lastUsedAt: null }), token: created.token }, 201);
      },
    )
    .openapi(guarded(contract.revokeApiToken, requireUser, requireBrowserSession), async (c) => {
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      const deletedCount = await db.transaction().execute(async (trx) => {
        const token = await apiTokens.findOwned(trx, user.id, id);
        if (!token) return 0;
        const count = await apiTokens.deleteOwned(trx, user.id, id);
        await audit.insert(trx, user, {
          action: 'token.revoke',
          targetType: 'user',
          targetId: user.id,
          targetLabel: user.email,
          detail: `${token.id} “${token.name}” (${token.scopes.split(' ').join(', ')})`,
        });
        return count;
      });
      // Someone else's token is as unknown as a missing one.
      if (!deletedCount) throw notFound(msg('errors.apiTokens.noSuchToken'));
      return c.json({ deletedCount }, 200);
    });
}
