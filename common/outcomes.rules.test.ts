import { describe, expect, it } from 'vitest';
import {
  BUCKET_COUNT,
  bucketOf,
  MIN_REQUESTS_SHOWN,
  measuresOf,
  type OutcomeCounts,
  quantileMinutes,
} from './outcomes.rules.ts';

const histogramOf = (waits: number[]) => {
  const histogram = Array.from({ length: BUCKET_COUNT }, () => 0);
  for (const wait of waits) histogram[bucketOf(wait)] = (histogram[bucketOf(wait)] ?? 0) + 1;
  return histogram;
};

describe('waits in fixed buckets (decision 034)', () => {
  it('puts each wait in its bucket, edges going up', () => {
    expect([0, 4.9, 5, 14, 15, 59, 60, 1439, 2879, 2880, 10_000].map(bucketOf)).toEqual([
      0, 0, 1, 2, 3, 4, 5, 9, 10, 11, 11,
    ]);
  });

  it('reads the median and the 90th percentile as the upper edge of their bucket', () => {
    const histogram = histogramOf([3, 7, 20, 45, 90]);
    expect(quantileMinutes(histogram, 0.5)).toBe(30);
    expect(quantileMinutes(histogram, 0.9)).toBe(120);
    expect(quantileMinutes(histogramOf([3000, 4000]), 0.5)).toBe(2880);
    expect(quantileMinutes(histogramOf([]), 0.5)).toBeNull();
  });
});

describe('the measures of a cell', () => {
  const counts: OutcomeCounts = {
    requests: 10,
    bagsRequested: 16,
    bagsDonated: 12,
    servedOnTime: 7,
    alerts: 60,
    alertEmails: 20,
    pledges: 15,
    withdrawals: 2,
    noShows: 1,
    firstPledged: 9,
    allPledged: 8,
    firstPledgeHistogram: histogramOf([1, 2, 3, 6, 8, 12, 20, 40, 70]),
    allPledgedHistogram: histogramOf([10, 20, 30, 40, 50, 100, 200, 300]),
  };

  it('computes each rate from its counts', () => {
    expect(measuresOf(counts)).toEqual({
      suppressed: false,
      requests: 10,
      bagsRequested: 16,
      bagsDonated: 12,
      fulfilmentRate: 0.75,
      servedOnTimeRate: 0.7,
      firstPledgeMedianMinutes: 10,
      firstPledgeP90Minutes: 120,
      allPledgedMedianMinutes: 60,
      allPledgedP90Minutes: 480,
      alertsSent: 60,
      alertsPerBagDonated: 5,
      acceptanceRate: 0.25,
      withdrawalRate: 0.133,
      noShowRate: 0.067,
    });
  });

  it(`withholds every figure under ${MIN_REQUESTS_SHOWN} requests`, () => {
    const small = measuresOf({ ...counts, requests: MIN_REQUESTS_SHOWN - 1 });
    expect(small.suppressed).toBe(true);
    expect(
      Object.entries(small).filter(([key, value]) => key !== 'suppressed' && value !== null),
    ).toEqual([]);
    expect(measuresOf({ ...counts, requests: MIN_REQUESTS_SHOWN }).suppressed).toBe(false);
  });
});
