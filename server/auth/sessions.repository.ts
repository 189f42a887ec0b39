import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../common/constants.ts';
import { toBool, toIso } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { absoluteLifetimeMs, SESSION_ABSOLUTE_MS } from './session-limits.ts';

const ms = (value: Date | string) => new Date(toIso(value)).getTime();

/**
 * A session is over when its idle expiry passed or it is older than the absolute lifetime of its
 * user's role (12 hours for staff, 30 days for donors): read at every request, so a donor made
 * volunteer keeps an older session no longer than the staff limit.
 */
export function isLive(
  session: { expiresAt: Date | string; createdAt: Date | string },
  role: Role,
): boolean {
  const now = Date.now();
  return ms(session.expiresAt) > now && ms(session.createdAt) + absoluteLifetimeMs(role) > now;
}

/**
 * The user and session behind a bearer token, or undefined when the token is unknown, over, or
 * was made from a browser session that is over (a token never outlives its parent).
 */
export async function findByBearerToken(db: Kysely<Database>, token: string) {
  const row = await db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .leftJoin('session as parent', 'parent.id', 'session.parentId')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.image',
      'user.role',
      'user.status',
      'user.twoFactorEnabled',
      'session.id as sessionId',
      'session.parentId',
      'session.expiresAt',
      'session.createdAt',
      'parent.expiresAt as parentExpiresAt',
      'parent.createdAt as parentCreatedAt',
    ])
    .where('session.token', '=', token)
    .executeTakeFirst();
  if (!row || !isLive(row, row.role)) return undefined;
  if (row.parentId) {
    if (!row.parentExpiresAt || !row.parentCreatedAt) return undefined;
    if (!isLive({ expiresAt: row.parentExpiresAt, createdAt: row.parentCreatedAt }, row.role))
      return undefined;
  }
  return { ...row, twoFactorEnabled: toBool(row.twoFactorEnabled) };
}

/**
 * A new bearer token made from the caller's session. A token made from a token hangs off the same
 * browser session, so minting again never extends a lifetime; it expires when that session
 * reaches its absolute lifetime at the latest, and is deleted with it (foreign key cascade).
 */
export async function insertBearerToken(
  db: Kysely<Database>,
  from: { sessionId: string; parentId: string | null; userId: string },
  client: { ipAddress: string | null; userAgent: string | null },
) {
  const rootId = from.parentId ?? from.sessionId;
  const root = await db
    .selectFrom('session')
    .select('createdAt')
    .where('id', '=', rootId)
    .executeTakeFirst();
  if (!root) return undefined;
  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  await db
    .insertInto('session')
    .values({
      id: newId(),
      token,
      userId: from.userId,
      parentId: rootId,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(ms(root.createdAt) + SESSION_ABSOLUTE_MS).toISOString(),
      ipAddress: client.ipAddress,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return token;
}

/** Ends one session and every token made from it. */
export async function deleteById(db: Kysely<Database>, id: string) {
  await db.deleteFrom('session').where('id', '=', id).execute();
}

/** Ends every session and token of the user ("sign out everywhere"). */
export async function deleteAllByUser(db: Kysely<Database>, userId: string) {
  await db.deleteFrom('session').where('userId', '=', userId).execute();
}
