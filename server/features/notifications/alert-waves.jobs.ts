import { z } from 'zod';
import { isQuietHour, quietHoursEnd } from '../../../common/quiet-hours.rules.ts';
import { defineJob, enqueue, type JobDefinition } from '../../jobs/define-job.ts';
import { donationIntervals } from '../../lib/donation-intervals.ts';
import { findMatches } from '../matching/matching.repository.ts';
import * as requests from '../requests/requests.repository.ts';
import { isCriticalRequest, smsAlert } from '../sms/sms-alert.ts';
import { aboutRequest, stillAlerting } from './about-request.ts';
import * as chain from './alert-chain.repository.ts';
import * as notifications from './notifications.repository.ts';
import { notify } from './notify.ts';
import { wavePlan } from './wave-plan.ts';

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;

const wavePayload = z.object({
  requestId: z.string(),
  wave: z.number().int().min(1),
  /** 0 for the waves of a new request; a later round once the chain was resumed. */
  round: z.number().int().min(0).default(0),
  /** How many times this wave was held back (decision 047); each time a job of its own key. */
  held: z.number().int().min(0).default(0),
});

/**
 * One wave of alerts: the best few matches for the request's component not yet alerted for this
 * request, with alerts on and under the weekly cap; then the next wave, later, unless it was the
 * last. How many, how soon and how far follow its urgency and its open bags (wavePlan, issue
 * 27). A request with no open bag (every bag pledged) or closed (done, canceled, deleted),
 * removed, hidden by reports or past its date stops the waves (issue 25); a bag reopened
 * (a withdrawal, a donor who did not come, more bags) or the request shown again resumes them
 * (alertResumeJob). A wave its request's chain has already sent (a second chain's, scheduled
 * before issue 25) sends nothing. One job per request, round and wave (chain.waveKey).
 * Decision 047: a wave alerts only what the answers still awaited leave short of its size, and
 * an urgent or scheduled request's wave due in quiet hours waits for 07:00; a wave held back
 * (for the night, or with every answer still awaited) goes later under a key of its own and is
 * not counted among the waves.
 */
export const alertWaveJob: JobDefinition<typeof wavePayload> = defineJob({
  kind: 'alert-wave',
  payload: wavePayload,
  dedupeKey: ({ requestId, round, wave, held }) => chain.waveKey(requestId, round, wave, held),
  transaction: 'alerts',
  async handle({ requestId, wave, round, held }, { db, now, deps }) {
    const { env, logger } = deps;
    // Locked: a pledge being committed is waited for and seen, and a later one waits for this
    // wave's commit, so no alert is written after the last bag was taken.
    const request = await requests.findByIdForUpdate(db, requestId);
    if (!request || !stillAlerting(request, now)) return;
    const { sent } = await chain.findChain(db, requestId);
    if (wave <= sent) return;
    const plan = wavePlan(env, request);
    /** The same wave, later: it sends nothing now and is not counted (decision 047). */
    const holdUntil = async (runAt: Date) => {
      const later = { requestId, wave, round, held: held + 1 };
      await chain.updateChain(db, requestId, sent, chain.waveKey(requestId, round, wave, held + 1));
      await enqueue(db, alertWaveJob, later, { runAt, now });
      logger.info({ requestId, wave, until: runAt.toISOString() }, 'alert wave held');
    };
    // Urgent and scheduled requests wait for the morning: alerts in the night are read at 07:00
    // all at once, and each answer piles up behind the others (docs/outcomes.md). Not one due
    // within 12 hours: critical by its time, as its SMS is (issue 28).
    if (plan.holdAtNight && isQuietHour(now) && !isCriticalRequest(request, now)) {
      return holdUntil(quietHoursEnd(now));
    }
    // Decision 047: tops up the alerts still awaiting an answer to the plan's size, rather than
    // adding a full wave while the last one's donors are still deciding.
    const awaited = plan.answerMinutes
      ? await chain.findAwaitedAnswers(
          db,
          requestId,
          new Date(now.getTime() - plan.answerMinutes * MINUTE_MS),
        )
      : { count: 0, oldest: null };
    const size = Math.max(0, plan.size - awaited.count);
    if (size === 0 && awaited.oldest) {
      return holdUntil(new Date(awaited.oldest.getTime() + plan.answerMinutes * MINUTE_MS));
    }
    const donors =
      size === 0
        ? []
        : await findMatches(
            db,
            request,
            { now, intervals: donationIntervals(env) },
            { limit: size, offset: 0, spread: plan.spread },
            {
              requestId,
              since: new Date(now.getTime() - WEEK_MS).toISOString(),
              perWeek: env.ALERTS_PER_DONOR_PER_WEEK,
            },
          );
    for (const donor of donors) {
      const first = await notifications.recordAlert(db, {
        requestId,
        userId: donor.id,
        wave,
        at: now,
      });
      if (!first) continue;
      const told = await notify(db, deps, {
        userId: donor.id,
        kind: 'match-alert',
        requestId,
        data: aboutRequest(request),
        at: now,
      });
      // Issue 28: and by SMS, to a donor who wants alerts and has SMS alerts on.
      // Critical requests (decision 031) may reach donors who chose night alerts.
      if (told) {
        await smsAlert(db, deps, {
          userId: donor.id,
          request,
          at: now,
          critical: request.urgency === 'critical' || undefined,
        });
      }
    }
    logger.info(
      { requestId, wave, urgency: request.urgency, alerted: donors.length, awaited: awaited.count },
      'alert wave sent',
    );
    const next = wave < plan.maxWaves ? { requestId, wave: wave + 1, round } : null;
    await chain.updateChain(
      db,
      requestId,
      wave,
      next && chain.waveKey(requestId, round, next.wave),
    );
    if (next) {
      const runAt = new Date(now.getTime() + plan.minutes * MINUTE_MS);
      await enqueue(db, alertWaveJob, next, { runAt, now });
    }
  },
});

/**
 * The request's chain of waves, resumed: after a bag reopened (a withdrawal, a donor who did not
 * come, more bags), or once reports no longer hide it.
 */
const resumePayload = z.object({
  requestId: z.string(),
  /** A bag reopened: the next wave goes out now, and a chain that had sent all starts a round. */
  urgent: z.boolean(),
});

/**
 * The request's one chain of waves, resumed (issue 25): while its next wave is still to run,
 * that wave stands (brought forward to now after a bag reopened); else the next wave starts the
 * chain again, in a round of its own keys. A chain that sent all its waves (wavePlan's maxWaves)
 * stays done, except after a bag reopened, which starts a new round (issue 14). Nothing resumes
 * while no bag is open. Serialized with the waves, so it never sees a chain half-way.
 */
export const alertResumeJob = defineJob({
  kind: 'alert-resume',
  payload: resumePayload,
  transaction: 'alerts',
  async handle({ requestId, urgent }, { db, now, deps: { env } }) {
    const request = await requests.findByIdForUpdate(db, requestId);
    if (!request || !stillAlerting(request, now)) return;
    let { sent, nextKey } = await chain.findChain(db, requestId);
    const live = await chain.findLiveWave(db, nextKey);
    if (live) {
      if (urgent) await chain.bringForward(db, live.id, now);
      return;
    }
    if (sent >= wavePlan(env, request).maxWaves) {
      if (!urgent) return;
      sent = 0;
    }
    const next = { requestId, wave: sent + 1, round: now.getTime() };
    nextKey = chain.waveKey(next.requestId, next.round, next.wave);
    await chain.updateChain(db, requestId, sent, nextKey);
    await enqueue(db, alertWaveJob, next, { now });
  },
});
