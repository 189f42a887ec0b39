import { describe, expect, it } from 'vitest';
import { hiddenByReports, REPORT_WEIGHT_TO_HIDE, reportWeight } from './report-weight.rules.ts';

const now = new Date('2026-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3_600_000);
const standing = (days: number, emailVerified = false, upheldReports = 0) => ({
  accountCreatedAt: daysAgo(days),
  emailVerified,
  upheldReports,
});

describe('report weights (issue 25)', () => {
  it('weighs a fresh account nothing, whatever it has', () => {
    expect(reportWeight(standing(0), now)).toBe(0);
    expect(reportWeight(standing(2.9, true, 2), now)).toBe(0);
  });

  it('weighs age, a verified email and upheld reports, up to 7', () => {
    expect(reportWeight(standing(3), now)).toBe(1);
    expect(reportWeight(standing(30), now)).toBe(2);
    expect(reportWeight(standing(30, true), now)).toBe(3);
    expect(reportWeight(standing(30, true, 1), now)).toBe(5);
    expect(reportWeight(standing(400, true, 9), now)).toBe(7);
  });

  it('takes three settled, verified reporters, or two with a record, to hide', () => {
    expect(3 * reportWeight(standing(30, true), now)).toBe(REPORT_WEIGHT_TO_HIDE);
    expect(hiddenByReports(2 * reportWeight(standing(400, true), now), false)).toBe(false);
    expect(hiddenByReports(7, false)).toBe(false);
    expect(hiddenByReports(2 * reportWeight(standing(30, true, 1), now), false)).toBe(true);
  });

  it('never hides a verified request', () => {
    expect(hiddenByReports(100, true)).toBe(false);
  });
});
