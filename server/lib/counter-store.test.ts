import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type CounterStore, databaseCounterStore, redisCounterStore } from './counter-store.ts';

// The Redis store runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts says so when not.
const redisUrl = process.env.TEST_REDIS_URL;

let t: TestApp;
let redis: Redis | undefined;
beforeAll(async () => {
  t = await createTestApp();
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  await redis?.quit();
  await t.close();
});

const stores: Array<[string, () => CounterStore]> = [
  ['database', () => databaseCounterStore(t.db)],
];
if (redisUrl) stores.push(['redis', () => redisCounterStore(redis as Redis)]);

describe.each(stores)(`counter store: %s (${process.env.TEST_ENGINE})`, (_name, make) => {
  it('counts hits in a window, peeks without counting, and resets', async () => {
    const store = make();
    const key = `test:${Math.random()}`;
    expect(await store.peek(key, 60_000)).toBe(0);
    expect((await store.hit(key, 60_000)).count).toBe(1);
    expect((await store.hit(key, 60_000)).count).toBe(2);
    expect(await store.peek(key, 60_000)).toBe(2);
    await store.reset(key);
    expect(await store.peek(key, 60_000)).toBe(0);
  });

  it('starts a new window once the old one has passed', async () => {
    const store = make();
    const key = `test:${Math.random()}`;
    await store.hit(key, 50);
    await store.hit(key, 50);
    await new Promise((r) => setTimeout(r, 80));
    expect(await store.peek(key, 50)).toBe(0);
    expect((await store.hit(key, 50)).count).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const store = make();
    const key = `test:${Math.random()}`;
    const counts = (
      await Promise.all(Array.from({ length: 20 }, () => store.hit(key, 60_000)))
    ).map((hit) => hit.count);
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
