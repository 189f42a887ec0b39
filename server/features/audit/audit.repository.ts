import type { Kysely } from 'kysely';
import type { AuditAction, AuditActorRole } from '../../../common/trust.constants.ts';
import { countUpToCap, type Page } from '../../db/capped-count.ts';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';

/** Who did it, as they were at the time. */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
  role: AuditActorRole;
}

/** The log's filters: an actor's email (lower case) and an action. */
export interface AuditFilter {
  actor?: string | undefined;
  action?: AuditAction | undefined;
}

export interface AuditEntry {
  action: AuditAction;
  targetType: 'user' | 'request' | 'report' | 'blog';
  targetId: string;
  /** What the target was called (a name, an email, a title), so the row reads after it is gone. */
  targetLabel: string;
  detail?: string | null;
  /** The person whose data it is about, when not the target (AuditLogTable.subjectId). */
  subjectId?: string | null;
}

/**
 * Records one staff action; call it in the action's own transaction. Every entry is stamped here,
 * with the wall clock, never with a time the caller passes (the app's clock, which tests and the
 * sweep move): the log says when each action really happened, in the order it happened.
 */
export async function insert(
  db: Kysely<Database>,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      id: newId(),
      createdAt: nowIso(),
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email.toLowerCase(),
      actorRole: actor.role,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      detail: entry.detail ?? null,
      subjectId: entry.subjectId ?? null,
    })
    .execute();
}

function filtered(db: Kysely<Database>, { actor, action }: AuditFilter) {
  let query = db.selectFrom('auditLog');
  if (actor) query = query.where('actorEmail', '=', actor);
  if (action) query = query.where('action', '=', action);
  return query;
}

/** A page of the log, newest first, optionally one actor (email) and one action. */
export function findAll(db: Kysely<Database>, filter: AuditFilter, page: Page) {
  return filtered(db, filter)
    .selectAll()
    .$if(page.after !== undefined, (query) => {
      const [createdAt, id] = (page.after ?? []).map(String) as [string, string];
      return query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(createdAt, id)));
    })
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type AuditRow = Awaited<ReturnType<typeof findAll>>[number];

/** How many entries findAll would list without paging, up to COUNT_CAP + 1 (decision 006). */
export function countAll(db: Kysely<Database>, filter: AuditFilter) {
  return countUpToCap(db, filtered(db, filter));
}
