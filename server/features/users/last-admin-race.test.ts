import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser } from '../../test/factories.ts';
import { type CallResult, call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Regression: on PostgreSQL, two admins blocking, demoting or deleting each other at the same
// moment left no admin in 23 of 40 runs. The last-admin check was one statement
// (`... where role <> 'admin' or exists (another active admin)`), and under READ COMMITTED both
// statements saw the other admin still active. Admin-removing changes are now serialized.
//
// What is correct when A acts on B while B acts on A: exactly one action wins (200), and the
// winner is still an active admin afterwards. The loser is refused with
// - 409 LAST_ADMIN when its change reached the database after the winner's: its target (the
//   winner) is by then the last active admin;
// - 401 when the winner blocked or deleted it before its request was even authenticated (its
//   sessions ended with the block or the deletion);
// - 403 when the winner demoted it before its request was authenticated (no longer an admin), or
//   when a third admin exists, so the target is not the last one, but the loser is no longer an
//   active admin by the time its change runs (checked inside the same serialized transaction).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Action = 'block' | 'demote' | 'delete';
const PAIRINGS: Array<[Action, Action]> = [
  ['block', 'block'],
  ['demote', 'demote'],
  ['delete', 'delete'],
  ['block', 'demote'],
  ['block', 'delete'],
  ['demote', 'delete'],
];
const RUNS = 20;
const RUNS_WITH_BYSTANDER = 8;

function act(action: Action, targetId: string, headers: Record<string, string>) {
  const [method, path] =
    action === 'delete'
      ? ['DELETE', `/api/users/${targetId}`]
      : ['PATCH', `/api/users/${action === 'block' ? 'block' : 'volunteer'}/${targetId}`];
  return call(t, method, path, { headers });
}

async function activeAdmins() {
  const rows = await t.db
    .selectFrom('user')
    .select('id')
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => r.id);
}

const loserAnswers = (res: CallResult<any>) =>
  (res.status === 409 && res.body?.error?.code === 'LAST_ADMIN') ||
  res.status === 401 ||
  (res.status === 403 && res.body?.error?.code === 'FORBIDDEN');

/** "3 of 20 runs went wrong: 2× no admin left …, 1× 2 winners … (first: …)". */
function summary(failures: string[], runs: number) {
  const kinds = new Map<string, number>();
  for (const f of failures) {
    const kind = f.slice(0, f.indexOf(' ('));
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const counts = [...kinds].map(([kind, n]) => `${n}× ${kind}`).join(', ');
  return `${failures.length} of ${runs} runs went wrong: ${counts} (first: ${failures[0]})`;
}

/** One race: A does `first` to B while B does `second` to A. Answers what went wrong, if anything. */
async function race(first: Action, second: Action, bystander: boolean): Promise<string | null> {
  // Only the admins of this run are admins: earlier runs' survivors step down.
  await t.db.updateTable('user').set({ role: 'donor' }).where('role', '=', 'admin').execute();
  const a = await createUser(t.db, { role: 'admin' });
  const b = await createUser(t.db, { role: 'admin' });
  const c = bystander ? await createUser(t.db, { role: 'admin' }) : null;
  const [ha, hb] = await Promise.all([bearerFor(t.db, a.id), bearerFor(t.db, b.id)]);

  const [ra, rb] = await Promise.all([act(first, b.id, ha), act(second, a.id, hb)]);

  const admins = await activeAdmins();
  const involved = admins.filter((id) => id === a.id || id === b.id);
  const statuses = `A ${first} B → ${ra.status} ${ra.body?.error?.code ?? ''}, B ${second} A → ${rb.status} ${rb.body?.error?.code ?? ''}`;
  if (admins.length === 0) return `no active admin left (${statuses})`;
  if (c && !admins.includes(c.id)) return `the bystander admin was touched (${statuses})`;
  const winners = [ra, rb].filter((r) => r.status === 200);
  if (winners.length !== 1) return `${winners.length} winners (${statuses})`;
  const loser = ra.status === 200 ? rb : ra;
  if (!loserAnswers(loser)) return `unexpected refusal (${statuses})`;
  // The winner's change took effect and the winner is untouched.
  const winnerId = ra.status === 200 ? a.id : b.id;
  if (involved.length !== 1 || involved[0] !== winnerId)
    return `the winner is not the one active admin of the two (${statuses})`;
  return null;
}

describe(`last admin under concurrency (${process.env.TEST_ENGINE})`, () => {
  it.each(PAIRINGS)('two admins at once, %s vs %s: one wins, one admin stays', async (x, y) => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const failure = await race(x, y, false);
      if (failure) failures.push(failure);
    }
    expect(failures.length, summary(failures, RUNS)).toBe(0);
  });

  it.each(PAIRINGS)('with a third admin, %s vs %s: still exactly one wins', async (x, y) => {
    const failures: string[] = [];
    for (let run = 0; run < RUNS_WITH_BYSTANDER; run++) {
      const failure = await race(x, y, true);
      if (failure) failures.push(failure);
    }
    expect(failures.length, summary(failures, RUNS_WITH_BYSTANDER)).toBe(0);
  });
});
