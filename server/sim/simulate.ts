import { type Kysely, sql } from 'kysely';
import type { Urgency } from '../../common/constants.ts';
import { todayInDhaka } from '../../common/dhaka-date.ts';
import { measuresOf, type OutcomeMeasures, totalCounts } from '../../common/outcomes.rules.ts';
import { isQuietHour, quietHoursEnd } from '../../common/quiet-hours.rules.ts';
import { type DonorRow, random } from '../../scripts/seed-demo-data.ts';
import type { createApp } from '../app.ts';
import type { Database } from '../db/schema.ts';
import { sumOutcomes } from '../features/outcomes/outcomes.repository.ts';
import { periodRows } from '../features/outcomes/period.ts';
import { scheduleRequestSweep } from '../features/requests/sweep.jobs.ts';
import { workerFor } from '../jobs/start-worker.ts';
import type { AppDeps } from '../lib/context.ts';
import { bearerFor } from '../test/factories.ts';
import type { ManualClock } from '../test/manual-clock.ts';
import { type Assumptions, DEFAULT_ASSUMPTIONS, NEEDED_WITHIN_HOURS } from './assumptions.ts';
import { drawGroup, drawPlace, type Place } from './population.ts';

// The simulator's run (issue 29 item 5): a month of requests through the real app. Requests are
// posted, pledged, withdrawn and settled over HTTP (the app's own routes, signed in by bearer
// tokens), the alert waves and every other job run in the app's own worker, all on a manual
// clock; the people's choices are the stated assumptions. The simulator only reads the database
// to see what the app did (who was alerted, a pledge's id), and reads the measures back through
// the outcomes repository, as GET /api/outcomes does.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DHAKA_OFFSET = 6 * HOUR;

export interface SimulationOptions {
  requests: number;
  days: number;
  seed: number;
  /** The first instant; a Dhaka midnight not before today (dates before today are refused). */
  start: Date;
  /** Days the run goes on after the last request, so every request reaches its end. */
  tailDays?: number;
  assumptions?: Assumptions;
  /** Said now and then on a long run. */
  progress?: (text: string) => void;
}

export interface SimulationWorld {
  app: ReturnType<typeof createApp>;
  deps: AppDeps & { clock: ManualClock };
  /** The active donors' ids, in the order made (requesters are drawn from them). */
  donorIds: string[];
}

export interface Cell {
  key: string;
  measures: OutcomeMeasures;
}

export interface SimulationResult {
  from: string;
  to: string;
  total: OutcomeMeasures;
  byDivision: Cell[];
  byUrgency: Cell[];
  byComponent: Cell[];
  /** Critical requests only, by division (the targets are judged on these). */
  criticalByDivision: Cell[];
  /** What the simulator saw besides the published measures. */
  run: {
    requestsPosted: number;
    requestsRefused: number;
    /** Why, by error code. */
    refusals: Record<string, number>;
    alerts: number;
    donorsAlerted: number;
    pledgeTries: number;
    pledgesTooLate: number;
    /** The most alerts one donor got in any 7 days (must not pass the weekly cap). */
    maxAlertsInAWeek: number;
    weeklyCap: number;
    donorsOverCap: number;
  };
}

/** The first Dhaka midnight after `now`: a day the app takes as today or later. */
export function nextDhakaMidnight(now: Date): Date {
  const local = now.getTime() + DHAKA_OFFSET;
  return new Date(Math.floor(local / DAY) * DAY + DAY - DHAKA_OFFSET);
}

interface Timed {
  at: number;
  seq: number;
  run: () => Promise<void>;
}

/** A small binary heap of timed actions, earliest first, ties in the order added. */
class Agenda {
  private items: Timed[] = [];
  private seq = 0;
  peek() {
    return this.items[0]?.at ?? Number.POSITIVE_INFINITY;
  }
  add(at: number, run: () => Promise<void>) {
    this.items.push({ at, seq: this.seq++, run });
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): Timed | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (this.items.length > 0 && last) {
      this.items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        let m = i;
        if (l < this.items.length && this.before(l, m)) m = l;
        if (l + 1 < this.items.length && this.before(l + 1, m)) m = l + 1;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
  private item(i: number) {
    return this.items[i] as Timed;
  }
  private swap(a: number, b: number) {
    const x = this.item(a);
    this.items[a] = this.item(b);
    this.items[b] = x;
  }
  private before(a: number, b: number) {
    const x = this.item(a);
    const y = this.item(b);
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }
}

interface SimRequest {
  id: string;
  requesterId: string;
  urgency: Urgency;
  /** When the blood is needed (the request's date and time), ms. */
  neededAt: number;
}

const pickShare = <T>(shares: Array<[T, number]>, roll: number): T => {
  let left = roll;
  for (const [value, share] of shares) {
    left -= share;
    if (left < 0) return value;
  }
  return (shares[shares.length - 1] as [T, number])[0];
};

/** Dhaka's date and HH:MM of an instant, as the request form takes them. */
function dhakaDateTime(ms: number) {
  const local = new Date(ms + DHAKA_OFFSET).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** Requests by hour of day in Dhaka: few at night, most from 8:00 to 22:00. */
const HOUR_WEIGHT = Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 22 ? 3 : 1));
const HOUR_TOTAL = HOUR_WEIGHT.reduce((a, b) => a + b, 0);

/** A request's arrival time: a day of the run, an hour by HOUR_WEIGHT, a minute within it. */
function arrival(start: number, days: number, next: () => number): number {
  const day = Math.floor(next() * days);
  let roll = next() * HOUR_TOTAL;
  let hour = 0;
  while (roll >= (HOUR_WEIGHT[hour] ?? 1)) roll -= HOUR_WEIGHT[hour++] ?? 1;
  return start + day * DAY + hour * HOUR + Math.floor(next() * HOUR);
}

/** A standard normal draw (Box–Muller). */
const normal = (next: () => number) =>
  Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

export async function simulate(
  world: SimulationWorld,
  options: SimulationOptions,
): Promise<SimulationResult> {
  const { app, deps, donorIds } = world;
  const { db, clock, env } = deps;
  const assume = options.assumptions ?? DEFAULT_ASSUMPTIONS;
  const next = random(options.seed * 104_729 + 3);
  const start = options.start.getTime();
  const end = start + (options.days + (options.tailDays ?? 8)) * DAY;
  const agenda = new Agenda();
  const worker = workerFor(deps);
  const say = options.progress ?? (() => {});
  clock.set(new Date(start));
  await scheduleRequestSweep(db, clock.now());

  // Signed in by bearer token: a session row per person who acts, made when they first do (the
  // tests' own bearerFor: a day of real time, more than any run takes).
  const tokens = new Map<string, string>();
  async function authorization(userId: string) {
    let header = tokens.get(userId);
    if (!header) {
      header = (await bearerFor(db, userId)).authorization;
      tokens.set(userId, header);
    }
    return header;
  }

  async function call(userId: string, method: string, path: string, body: unknown) {
    const res = await app.request(
      `/api${path}`,
      {
        method,
        headers: {
          origin: env.PUBLIC_URL ?? 'http://localhost:3000',
          'content-type': 'application/json',
          authorization: await authorization(userId),
        },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: '10.0.0.1', remotePort: 1 } } },
    );
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  const run = {
    requestsPosted: 0,
    requestsRefused: 0,
    refusals: {} as Record<string, number>,
    alerts: 0,
    donorsAlerted: 0,
    pledgeTries: 0,
    pledgesTooLate: 0,
    maxAlertsInAWeek: 0,
    weeklyCap: env.ALERTS_PER_DONOR_PER_WEEK,
    donorsOverCap: 0,
  };
  const byId = new Map<string, SimRequest>();
  const seenAlerts = new Set<string>();
  let lastArrival = start;
  // Requests an action touched at this instant: their waves may run now (a new request's first,
  // a bag reopened) besides the ones the job table holds as due.
  let touched = new Set<string>();

  // The month's requests, drawn up front so the people's later choices do not move them.
  const arrivals = Array.from({ length: options.requests }, (_, n) => {
    const at = arrival(start, options.days, next);
    const place: Place = drawPlace(next());
    const urgency = pickShare(assume.urgency, next());
    const [lo, hi] = NEEDED_WITHIN_HOURS[urgency];
    const neededAt = Math.ceil((at + (lo + next() * (hi - lo)) * HOUR) / MINUTE) * MINUTE;
    return {
      n,
      at,
      neededAt,
      requesterId: donorIds[Math.floor(next() * donorIds.length)] as string,
      form: {
        recipientName: `Patient ${n}`,
        bloodGroup: drawGroup(next()),
        division: place.division,
        district: place.district,
        upazila: place.upazila,
        hospitalName: `${place.district} Medical College Hospital`,
        fullAddress: `Ward ${1 + (n % 20)}, ${place.upazila}, ${place.district}`,
        donationDate: dhakaDateTime(neededAt).date,
        donationTime: dhakaDateTime(neededAt).time,
        requestMessage: 'Simulated request.',
        bags: pickShare(assume.bags, next()),
        component: pickShare(assume.component, next()),
        urgency,
      },
    };
  });
  for (const request of arrivals) {
    lastArrival = Math.max(lastArrival, request.at);
    agenda.add(request.at, async () => {
      const posted = await call(request.requesterId, 'POST', '/donation-request', request.form);
      if (posted.status !== 201) {
        run.requestsRefused++;
        const code = String(posted.body.code ?? posted.status);
        run.refusals[code] = (run.refusals[code] ?? 0) + 1;
        return;
      }
      run.requestsPosted++;
      const id = String(posted.body.insertedId);
      byId.set(id, {
        id,
        requesterId: request.requesterId,
        urgency: request.form.urgency,
        neededAt: request.neededAt,
      });
      touched.add(id);
    });
  }

  /** A donor's pledge: then kept (donated or did not come) or withdrawn, as assumed. */
  async function pledge(request: SimRequest, donorId: string) {
    run.pledgeTries++;
    const answer = await call(donorId, 'PATCH', `/donation-request/${request.id}`, {
      status: 'inprogress',
    });
    if (answer.status !== 200) {
      run.pledgesTooLate++;
      return;
    }
    touched.add(request.id);
    const now = clock.now().getTime();
    if (next() < assume.withdrawRate && request.neededAt > now) {
      agenda.add(now + Math.floor(next() * (request.neededAt - now)), async () => {
        await call(donorId, 'POST', `/donation-request/${request.id}/withdraw`, {
          reason: 'Cannot come after all.',
        });
        touched.add(request.id);
      });
      return;
    }
    const outcome = next() < assume.noShowRate ? 'no_show' : 'donated';
    // The family records who came half an hour after the time it was needed.
    agenda.add(Math.max(now, request.neededAt) + 30 * MINUTE, async () => {
      const row = await db
        .selectFrom('donationPledge')
        .select('id')
        .where('requestId', '=', request.id)
        .where('donorId', '=', donorId)
        .where('status', '=', 'pledged')
        .executeTakeFirst();
      if (!row) return;
      await call(
        request.requesterId,
        'POST',
        `/donation-request/${request.id}/pledges/${row.id}/outcome`,
        { outcome },
      );
      touched.add(request.id);
    });
  }

  /** A donor just alerted: maybe pledges, after they see it and a delay. */
  function alerted(request: SimRequest, donorId: string, at: Date) {
    if (next() >= assume.acceptRate) return;
    const awake = request.urgency === 'critical' && next() < assume.nightSeenCritical;
    const seen = isQuietHour(at) && !awake ? quietHoursEnd(at) : at;
    const delay = assume.delayMedianMinutes * Math.exp(assume.delaySpread * normal(next));
    agenda.add(seen.getTime() + Math.round(delay * MINUTE), () => pledge(request, donorId));
  }

  /** Runs every due job; then finds who the waves that ran alerted. */
  async function runJobs() {
    const nowIso = clock.now().toISOString();
    const due = await db
      .selectFrom('job')
      .select('payload')
      .where('status', '=', 'pending')
      .where('runAt', '<=', nowIso)
      .execute();
    for (const { payload } of due) {
      const requestId = (JSON.parse(payload) as { requestId?: unknown }).requestId;
      if (typeof requestId === 'string') touched.add(requestId);
    }
    await worker.runDue();
    const ids = [...touched].filter((id) => byId.has(id));
    touched = new Set();
    if (ids.length === 0) return;
    const alerts = await db
      .selectFrom('requestAlert')
      .select(['requestId', 'userId'])
      .where('requestId', 'in', ids)
      .orderBy('requestId')
      .orderBy('userId')
      .execute();
    const now = clock.now();
    for (const { requestId, userId } of alerts) {
      const key = `${requestId} ${userId}`;
      if (seenAlerts.has(key)) continue;
      seenAlerts.add(key);
      const request = byId.get(requestId);
      if (request) alerted(request, userId, now);
    }
  }

  let steps = 0;
  let nextSay = start + DAY;
  for (;;) {
    const row = await db
      .selectFrom('job')
      .select((eb) => eb.fn.min('runAt').as('first'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const firstJob = row?.first ? new Date(row.first as string | Date).getTime() : Infinity;
    const at = Math.min(agenda.peek(), firstJob);
    if (at > end) break;
    if (at > clock.now().getTime()) clock.set(new Date(at));
    while (agenda.peek() <= clock.now().getTime()) await agenda.pop()?.run();
    await runJobs();
    steps++;
    if (at >= nextSay) {
      say(
        `  day ${Math.round((at - start) / DAY)}: ${run.requestsPosted} requests, ${steps} steps`,
      );
      nextSay += DAY;
    }
  }

  // The weekly cap, checked on every alert sent: the most any donor got in 7 days.
  const sent = await db
    .selectFrom('requestAlert')
    .select(['userId', 'createdAt'])
    .orderBy('userId')
    .orderBy('createdAt')
    .execute();
  run.alerts = sent.length;
  let windowStart = 0;
  const over = new Set<string>();
  const donors = new Set<string>();
  const ms = (value: unknown) => new Date(value as string | Date).getTime();
  const times = sent.map((alert) => ms(alert.createdAt));
  sent.forEach((current, i) => {
    donors.add(current.userId);
    if (i === 0 || sent[i - 1]?.userId !== current.userId) windowStart = i;
    while ((times[i] ?? 0) - (times[windowStart] ?? 0) >= 7 * DAY) windowStart++;
    const inWeek = i - windowStart + 1;
    run.maxAlertsInAWeek = Math.max(run.maxAlertsInAWeek, inWeek);
    if (inWeek > run.weeklyCap) over.add(current.userId);
  });
  run.donorsAlerted = donors.size;
  run.donorsOverCap = over.size;

  const from = todayInDhaka(new Date(start));
  const to = todayInDhaka(new Date(lastArrival));
  return { from, to, ...(await readMeasures(db, from, to)), run };
}

/** The measures of the requests made from `from` to `to`, read as GET /api/outcomes reads them. */
export async function readMeasures(db: Kysely<Database>, from: string, to: string) {
  const rows = periodRows(from, to);
  const cells = async (
    groupBy: 'division' | 'urgency' | 'component',
    filters: { urgency?: string } = {},
  ) =>
    (await sumOutcomes(db, rows, filters, groupBy)).map(({ key, counts }) => ({
      key,
      measures: measuresOf(counts),
    }));
  const all = await sumOutcomes(db, rows, {}, null);
  return {
    total: measuresOf(totalCounts(all)),
    byDivision: await cells('division'),
    byUrgency: await cells('urgency'),
    byComponent: await cells('component'),
    criticalByDivision: await cells('division', { urgency: 'critical' }),
  };
}

/** Writes `count` donors made by `make` in batches, through Kysely (both engines). */
export async function writeDonors(
  db: Kysely<Database>,
  count: number,
  make: (n: number) => DonorRow,
) {
  const ids: string[] = [];
  const BATCH = 500;
  for (let from = 0; from < count; from += BATCH) {
    const rows = [];
    for (let n = from; n < Math.min(from + BATCH, count); n++) {
      const donor = make(n);
      if (donor.status === 'active') ids.push(donor.id);
      rows.push({
        ...donor,
        emailVerified: sql<boolean>`false`,
        image: null,
        role: 'donor' as const,
        updatedAt: donor.createdAt,
        searchVisible: donor.searchVisible ? sql<boolean>`true` : sql<boolean>`false`,
      });
    }
    await db.insertInto('user').values(rows).execute();
  }
  return ids;
}
