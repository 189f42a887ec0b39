/**
 * Issue 29 (decision 034): the measures of outcomes, from the counts the server keeps per day.
 * Pure: the server computes its answer with these, and tests check them on known counts.
 */

/** A cell (a group of requests) with fewer requests than this shows no figure at all. */
export const MIN_REQUESTS_SHOWN = 5;

/**
 * The upper edges, in minutes, of the histogram's buckets of waiting times: bucket i holds
 * [edge i-1, edge i); the last bucket (index BUCKET_EDGES.length) holds 2 days and more.
 */
export const BUCKET_EDGES = [5, 10, 15, 30, 60, 120, 240, 480, 720, 1440, 2880] as const;
export const BUCKET_COUNT = BUCKET_EDGES.length + 1;

/** The bucket a wait of `minutes` falls in. */
export function bucketOf(minutes: number): number {
  const index = BUCKET_EDGES.findIndex((edge) => minutes < edge);
  return index === -1 ? BUCKET_EDGES.length : index;
}

/**
 * The `p` quantile (0.5: the median) of the waits counted in `histogram`, as the upper edge of
 * the bucket it falls in: "half got a donor within N minutes" holds exactly. In the last, open
 * bucket it is that bucket's lower edge (2 days: "2 days or more"). Null for no waits.
 */
export function quantileMinutes(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) return BUCKET_EDGES[i] ?? BUCKET_EDGES[BUCKET_EDGES.length - 1] ?? null;
  }
  return null;
}

/** What the server sums over a period and a cell. */
export interface OutcomeCounts {
  requests: number;
  bagsRequested: number;
  bagsDonated: number;
  servedOnTime: number;
  alerts: number;
  alertEmails: number;
  pledges: number;
  withdrawals: number;
  noShows: number;
  firstPledged: number;
  allPledged: number;
  firstPledgeHistogram: number[];
  allPledgedHistogram: number[];
}

/** The counts of two cells together (a total from its groups). */
export function addCounts(a: OutcomeCounts, b: OutcomeCounts): OutcomeCounts {
  const histogram = (x: number[], y: number[]) =>
    Array.from({ length: Math.max(x.length, y.length) }, (_, i) => (x[i] ?? 0) + (y[i] ?? 0));
  return {
    requests: a.requests + b.requests,
    bagsRequested: a.bagsRequested + b.bagsRequested,
    bagsDonated: a.bagsDonated + b.bagsDonated,
    servedOnTime: a.servedOnTime + b.servedOnTime,
    alerts: a.alerts + b.alerts,
    alertEmails: a.alertEmails + b.alertEmails,
    pledges: a.pledges + b.pledges,
    withdrawals: a.withdrawals + b.withdrawals,
    noShows: a.noShows + b.noShows,
    firstPledged: a.firstPledged + b.firstPledged,
    allPledged: a.allPledged + b.allPledged,
    firstPledgeHistogram: histogram(a.firstPledgeHistogram, b.firstPledgeHistogram),
    allPledgedHistogram: histogram(a.allPledgedHistogram, b.allPledgedHistogram),
  };
}

/** No counts at all: what an empty period sums to. */
export const NO_COUNTS: OutcomeCounts = {
  requests: 0,
  bagsRequested: 0,
  bagsDonated: 0,
  servedOnTime: 0,
  alerts: 0,
  alertEmails: 0,
  pledges: 0,
  withdrawals: 0,
  noShows: 0,
  firstPledged: 0,
  allPledged: 0,
  firstPledgeHistogram: [],
  allPledgedHistogram: [],
};

/** The total of a period's groups (one read, grouped: the total is their sum). */
export const totalCounts = (groups: ReadonlyArray<{ counts: OutcomeCounts }>) =>
  groups.map((g) => g.counts).reduce(addCounts, NO_COUNTS);

/** The figures of one cell; every figure null (and `suppressed`) under MIN_REQUESTS_SHOWN. */
export interface OutcomeMeasures {
  suppressed: boolean;
  requests: number | null;
  bagsRequested: number | null;
  bagsDonated: number | null;
  fulfilmentRate: number | null;
  servedOnTimeRate: number | null;
  firstPledgeMedianMinutes: number | null;
  firstPledgeP90Minutes: number | null;
  allPledgedMedianMinutes: number | null;
  allPledgedP90Minutes: number | null;
  alertsSent: number | null;
  alertsPerBagDonated: number | null;
  acceptanceRate: number | null;
  withdrawalRate: number | null;
  noShowRate: number | null;
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);

/** The measures of `counts`, or nothing but the flag for a cell too small to show. */
export function measuresOf(counts: OutcomeCounts): OutcomeMeasures {
  if (counts.requests < MIN_REQUESTS_SHOWN) {
    return {
      suppressed: true,
      requests: null,
      bagsRequested: null,
      bagsDonated: null,
      fulfilmentRate: null,
      servedOnTimeRate: null,
      firstPledgeMedianMinutes: null,
      firstPledgeP90Minutes: null,
      allPledgedMedianMinutes: null,
      allPledgedP90Minutes: null,
      alertsSent: null,
      alertsPerBagDonated: null,
      acceptanceRate: null,
      withdrawalRate: null,
      noShowRate: null,
    };
  }
  return {
    suppressed: false,
    requests: counts.requests,
    bagsRequested: counts.bagsRequested,
    bagsDonated: counts.bagsDonated,
    fulfilmentRate: ratio(counts.bagsDonated, counts.bagsRequested),
    servedOnTimeRate: ratio(counts.servedOnTime, counts.requests),
    firstPledgeMedianMinutes: quantileMinutes(counts.firstPledgeHistogram, 0.5),
    firstPledgeP90Minutes: quantileMinutes(counts.firstPledgeHistogram, 0.9),
    allPledgedMedianMinutes: quantileMinutes(counts.allPledgedHistogram, 0.5),
    allPledgedP90Minutes: quantileMinutes(counts.allPledgedHistogram, 0.9),
    alertsSent: counts.alerts,
    alertsPerBagDonated: ratio(counts.alerts, counts.bagsDonated),
    acceptanceRate: ratio(counts.pledges, counts.alerts),
    withdrawalRate: ratio(counts.withdrawals, counts.pledges),
    noShowRate: ratio(counts.noShows, counts.pledges),
  };
}
