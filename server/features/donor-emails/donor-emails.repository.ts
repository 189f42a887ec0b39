import { type Kysely, sql } from 'kysely';
import { countUpToCap, type Page } from '../../db/capped-count.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

/** What sets a signed-in account's daily budget of donor emails: its age, its verified email. */
export function findStanding(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user')
    .select(['createdAt', 'emailVerified'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export interface HiddenEmails {
  userId: string;
  /** The Dhaka calendar date, YYYY-MM-DD. */
  day: string;
  allowance: number;
  hidden: number;
  /** ISO-8601 UTC. */
  at: string;
}

/**
 * Records that an account was shown `hidden` emails masked past its budget on `day`: the day's
 * first time makes the row (when it reached the budget), later ones add to its count.
 */
export async function recordHidden(db: Kysely<Database>, seen: HiddenEmails): Promise<void> {
  await db
    .insertInto('donorEmailBudgetReached')
    .values({
      id: newId(),
      userId: seen.userId,
      day: seen.day,
      allowance: seen.allowance,
      hidden: seen.hidden,
      reachedAt: seen.at,
      lastAt: seen.at,
    })
    .onConflict((oc) =>
      oc.columns(['userId', 'day']).doUpdateSet({
        hidden: sql`"donorEmailBudgetReached"."hidden" + ${seen.hidden}`,
        lastAt: seen.at,
      }),
    )
    .execute();
}

/** A page of the accounts that went past their budget, newest first, with who they are. */
export function findAllReached(db: Kysely<Database>, page: Page) {
  return db
    .selectFrom('donorEmailBudgetReached')
    .innerJoin('user', 'user.id', 'donorEmailBudgetReached.userId')
    .select([
      'donorEmailBudgetReached.id',
      'donorEmailBudgetReached.userId',
      'donorEmailBudgetReached.day',
      'donorEmailBudgetReached.allowance',
      'donorEmailBudgetReached.hidden',
      'donorEmailBudgetReached.reachedAt',
      'donorEmailBudgetReached.lastAt',
      'user.name',
      'user.email',
      'user.role',
    ])
    .$if(page.after !== undefined, (query) => {
      const [reachedAt, id] = (page.after ?? []).map(String) as [string, string];
      return query.where((eb) =>
        eb(
          eb.refTuple('donorEmailBudgetReached.reachedAt', 'donorEmailBudgetReached.id'),
          '<',
          eb.tuple(reachedAt, id),
        ),
      );
    })
    .orderBy('donorEmailBudgetReached.reachedAt', 'desc')
    .orderBy('donorEmailBudgetReached.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type BudgetReachedRow = Awaited<ReturnType<typeof findAllReached>>[number];

/** How many rows findAllReached would list without paging, up to COUNT_CAP + 1. */
export function countReached(db: Kysely<Database>) {
  return countUpToCap(db, db.selectFrom('donorEmailBudgetReached'));
}
