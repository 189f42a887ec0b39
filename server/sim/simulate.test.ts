import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http.ts';
import { manualClock } from '../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { donorMaker } from './population.ts';
import { nextDhakaMidnight, type SimulationResult, simulate, writeDonors } from './simulate.ts';

// Issue 29 item 5: the simulator drives the real app, so what it prints is what the site would
// publish for the same requests (GET /api/outcomes), and the weekly cap it reports holds.

const clock = manualClock();
let t: TestApp;
let result: SimulationResult;

beforeAll(async () => {
  t = await createTestApp({ MAX_OPEN_REQUESTS_PER_USER: '50' }, { clock });
  const start = nextDhakaMidnight(new Date());
  const donorIds = await writeDonors(t.db, 2000, donorMaker(5, start));
  result = await simulate(
    { app: t.app, deps: { ...t.deps, clock }, donorIds },
    { requests: 12, days: 1, seed: 5, start, tailDays: 0 },
  );
}, 240_000);
afterAll(() => t.close());

describe('npm run simulate, small', () => {
  it('prints the measures GET /api/outcomes answers for the same requests', async () => {
    expect(result.run.requestsPosted).toBe(12);
    expect(result.total.requests).toBe(12);
    expect(result.run.alerts).toBeGreaterThan(0);
    expect(result.total.alertsSent).toBe(result.run.alerts);
    const period = `from=${result.from}&to=${result.to}`;
    const total = await call(t, 'GET', `/api/outcomes?${period}`);
    expect(total.status).toBe(200);
    expect(total.body.total).toEqual(result.total);
    for (const [groupBy, cells] of [
      ['division', result.byDivision],
      ['urgency', result.byUrgency],
      ['component', result.byComponent],
    ] as const) {
      const answer = await call(t, 'GET', `/api/outcomes?${period}&groupBy=${groupBy}`);
      expect(answer.body.groups).toEqual(cells);
    }
    const critical = await call(
      t,
      'GET',
      `/api/outcomes?${period}&groupBy=division&urgency=critical`,
    );
    expect(critical.body.groups).toEqual(result.criticalByDivision);
  });

  it('alerts no donor more often than the weekly cap', () => {
    expect(result.run.weeklyCap).toBe(t.deps.env.ALERTS_PER_DONOR_PER_WEEK);
    expect(result.run.maxAlertsInAWeek).toBeLessThanOrEqual(result.run.weeklyCap);
    expect(result.run.donorsOverCap).toBe(0);
  });
});
