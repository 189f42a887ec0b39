import type { Kysely } from 'kysely';
import { BLOOD_COMPONENTS, BLOOD_GROUPS, URGENCIES } from '../common/constants.ts';
import { addDays, todayInDhaka } from '../common/dhaka-date.ts';
import { BUCKET_COUNT } from '../common/outcomes.rules.ts';
import type { Database } from '../server/db/schema.ts';
import { SUMMED } from '../server/features/outcomes/outcomes.repository.ts';

// Issue 29 (decision 034): GET /api/outcomes for a year at national scale. seed:demo writes
// requests directly, not through their events, so the daily counts of outcomes are filled here
// as a year of `requests` requests would leave them: each on a random day of the last 365, in a
// random cell, with 1 to 4 bags, a first pledge after a random wait, a few alerts.

/** The bench's target: each query for a year answered within this (its median of the runs). */
export const OUTCOMES_TARGET_MS = 200;

const DIVISIONS = [
  'Dhaka',
  'Chattogram',
  'Rajshahi',
  'Khulna',
  'Barishal',
  'Sylhet',
  'Rangpur',
  'Mymensingh',
];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;

type Row = Record<string, string | number>;

/** Fills the rollup (both grains) as `requests` requests over the last year would. */
export async function fillOutcomeRollup(db: Kysely<Database>, requests: number) {
  const today = todayInDhaka();
  const cells = new Map<string, Row>();
  const add = (key: Row, counts: Record<string, number>) => {
    const id = Object.values(key).join('|');
    let row = cells.get(id);
    if (!row) {
      row = { ...key };
      cells.set(id, row);
    }
    for (const [column, value] of Object.entries(counts))
      row[column] = Number(row[column] ?? 0) + value;
  };
  for (let i = 0; i < requests; i++) {
    const day = addDays(today, -Math.floor(Math.random() * 365));
    const cell = {
      division: pick(DIVISIONS),
      urgency: pick(URGENCIES),
      component: pick(BLOOD_COMPONENTS),
      bloodGroup: pick(BLOOD_GROUPS),
    };
    const bags = 1 + Math.floor(Math.random() * 4);
    const donated = Math.floor(Math.random() * (bags + 1));
    const counts = {
      requests: 1,
      bagsRequested: bags,
      bagsDonated: donated,
      servedOnTime: donated === bags ? 1 : 0,
      alerts: 5 + Math.floor(Math.random() * 20),
      pledges: donated + 1,
      firstPledged: 1,
      [`firstPledgeB${Math.floor(Math.random() * BUCKET_COUNT)}`]: 1,
    };
    add({ grain: 'day', period: day, ...cell }, counts);
    add({ grain: 'month', period: day.slice(0, 7), ...cell }, counts);
  }
  // Every count column in every row: a multi-row insert writes null, not the default, for a
  // column one row names and another does not.
  const columns = [
    ...SUMMED,
    ...Array.from({ length: BUCKET_COUNT }, (_, b) => [
      `firstPledgeB${b}`,
      `allPledgedB${b}`,
    ]).flat(),
  ];
  const rows = [...cells.values()].map((row) => ({
    ...Object.fromEntries(columns.map((column) => [column, 0])),
    ...row,
  }));
  for (let from = 0; from < rows.length; from += 200) {
    await db
      .insertInto('outcomeRollup')
      .values(rows.slice(from, from + 200) as never)
      .execute();
  }
  return rows.length;
}

/** The queries the public page and a curious reader send for a year. */
export function outcomeQueries(): string[] {
  const to = todayInDhaka();
  const from = addDays(to, -364);
  const year = `from=${from}&to=${to}`;
  return [
    `/api/outcomes?${year}`,
    `/api/outcomes?${year}&groupBy=month`,
    `/api/outcomes?${year}&groupBy=division`,
    `/api/outcomes?${year}&groupBy=bloodGroup&division=Dhaka&urgency=critical`,
  ];
}

/** Each query `times` times in a row, one at a time: its median and slowest, in ms. */
export async function timeOutcomes(origin: string, times = 20) {
  const results: Array<{ query: string; medianMs: number; maxMs: number }> = [];
  for (const query of outcomeQueries()) {
    const ms: number[] = [];
    for (let i = 0; i < times; i++) {
      const start = performance.now();
      const res = await fetch(`${origin}${query}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${query}: ${res.status}`);
      ms.push(performance.now() - start);
    }
    ms.sort((a, b) => a - b);
    results.push({
      query,
      medianMs: ms[Math.floor(ms.length / 2)] ?? 0,
      maxMs: ms.at(-1) ?? 0,
    });
  }
  return results;
}
