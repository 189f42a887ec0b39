import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

// One chain of alert waves per request (issue 25: a donor's withdrawal started a second chain
// beside the first, and each later wave went out twice). The request's row keeps how many waves
// its chain has sent and the dedupe key of the wave job the chain waits on; both change in the
// transaction of the wave (or of its resumption), which holds the request's row.

/**
 * A wave job's dedupe key: one job per request, round and wave (round 0: its first chain), and
 * per time the wave was held back (decision 047: through quiet hours, or for answers awaited).
 */
export const waveKey = (requestId: string, round: number, wave: number, held = 0) => {
  const key = round
    ? `alert-wave:${requestId}:r${round}:${wave}`
    : `alert-wave:${requestId}:${wave}`;
  return held ? `${key}:h${held}` : key;
};

/** How many waves the request's chain has sent, and the key of the wave it waits on. */
export async function findChain(db: Kysely<Database>, requestId: string) {
  const row = await db
    .selectFrom('donationRequest')
    .select(['alertWaves', 'alertWaveKey'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  const sent = Number(row?.alertWaves ?? 0);
  return { sent, nextKey: row?.alertWaveKey ?? waveKey(requestId, 0, sent + 1) };
}

/** Records that wave `sent` went out, and the key of the next one (null when none follows). */
export async function updateChain(
  db: Kysely<Database>,
  requestId: string,
  sent: number,
  nextKey: string | null,
) {
  await db
    .updateTable('donationRequest')
    .set({ alertWaves: sent, alertWaveKey: nextKey })
    .where('id', '=', requestId)
    .execute();
}

/** The chain's wave job, when it is still to run (pending) or running: the chain is alive. */
export function findLiveWave(db: Kysely<Database>, dedupeKey: string) {
  return db
    .selectFrom('job')
    .select(['id', 'status', 'runAt'])
    .where('dedupeKey', '=', dedupeKey)
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirst();
}

/** Brings a pending job's time forward to `runAt`, never back. */
export async function bringForward(db: Kysely<Database>, jobId: string, runAt: Date) {
  await db
    .updateTable('job')
    .set({ runAt: runAt.toISOString(), updatedAt: runAt.toISOString() })
    .where('id', '=', jobId)
    .where('status', '=', 'pending')
    .where('runAt', '>', runAt.toISOString())
    .execute();
}

/**
 * The request's alerts sent after `since` whose donor has not pledged for it (decision 047): the
 * answers still awaited. How many, and when the oldest was sent (null when none).
 */
export async function findAwaitedAnswers(
  db: Kysely<Database>,
  requestId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('requestAlert as alert')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('alert.createdAt').as('oldest')])
    .where('alert.requestId', '=', requestId)
    .where('alert.createdAt', '>', since.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('donationPledge as pledge')
            .select('pledge.id')
            .whereRef('pledge.requestId', '=', 'alert.requestId')
            .whereRef('pledge.donorId', '=', 'alert.userId'),
        ),
      ),
    )
    .executeTakeFirst();
  const oldest = row?.oldest ? new Date(row.oldest as string | Date) : null;
  return { count: Number(row?.count ?? 0), oldest };
}
