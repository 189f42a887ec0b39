import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../../../common/api-token.schema.ts';
import { toBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId, nowIso } from '../../lib/ids.ts';

/**
 * What every API token starts with: it tells our own session tokens (POST /api/jwt) from these at
 * a glance, and lets secret scanners recognise a leaked one.
 */
export const API_TOKEN_PREFIX = 'rh_pat_';

/** Uses closer together than this write no new last-used time: one write a minute at most. */
const LAST_USED_STEP_MS = 60 * 1000;

/** The stored form of a token: its SHA-256 (a random 256-bit secret needs no slow hash). */
export function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a bearer token is one of ours (by its prefix), not a session token. */
export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

const toScopes = (text: string): ApiTokenScope[] =>
  text
    .split(' ')
    .filter((scope): scope is ApiTokenScope =>
      (API_TOKEN_SCOPES as readonly string[]).includes(scope),
    );

/** The caller's tokens, newest first. */
export async function findAllByUser(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('apiToken')
    .select(['id', 'name', 'scopes', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, scopes: toScopes(row.scopes) }));
}

/**
 * A new token for the user, unless they hold `max` already (then undefined). The count and the
 * insert hold the user's row lock, so two creations sent at once cannot both pass the cap; in the
 * caller's transaction when it has one (the audit entry goes in it too).
 */
export async function insertWithinCap(
  db: Kysely<Database>,
  userId: string,
  fields: { name: string; scopes: ApiTokenScope[] },
  max: number,
) {
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable('user')
      .set({ updatedAt: sql<string>`"updatedAt"` })
      .where('id', '=', userId)
      .execute();
    const { count } = await trx
      .selectFrom('apiToken')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return undefined;
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = {
      id: newId(),
      userId,
      name: fields.name,
      scopes: fields.scopes.join(' '),
      tokenHash: hashOf(token),
      createdAt: nowIso(),
      lastUsedAt: null,
    };
    await trx.insertInto('apiToken').values(row).execute();
    return { id: row.id, name: row.name, scopes: fields.scopes, createdAt: row.createdAt, token };
  });
}

/** One of the user's tokens (for the audit's words before it goes), or undefined. */
export function findOwned(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('apiToken')
    .select(['id', 'name', 'scopes'])
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Revokes one of the user's tokens; 0 when it is not theirs or already gone. */
export async function deleteOwned(db: Kysely<Database>, userId: string, id: string) {
  const result = await db
    .deleteFrom('apiToken')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The token and its user, found by the token's hash (an index lookup on a hash: nothing to
 * compare byte by byte, so nothing to time). Undefined for an unknown or revoked token.
 */
export async function findByToken(db: Kysely<Database>, token: string) {
  const row = await db
    .selectFrom('apiToken')
    .innerJoin('user', 'user.id', 'apiToken.userId')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.image',
      'user.role',
      'user.status',
      'user.twoFactorEnabled',
      'apiToken.id as tokenId',
      'apiToken.scopes',
      'apiToken.lastUsedAt',
    ])
    .where('apiToken.tokenHash', '=', hashOf(token))
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, scopes: toScopes(row.scopes), twoFactorEnabled: toBool(row.twoFactorEnabled) };
}

/** Records a use, at most once a minute per token (each request would otherwise be a write). */
export async function touch(
  db: Kysely<Database>,
  tokenId: string,
  lastUsedAt: Date | string | null,
  now = new Date(),
) {
  if (lastUsedAt && now.getTime() - new Date(lastUsedAt).getTime() < LAST_USED_STEP_MS) return;
  await db
    .updateTable('apiToken')
    .set({ lastUsedAt: now.toISOString() })
    .where('id', '=', tokenId)
    .execute();
}
