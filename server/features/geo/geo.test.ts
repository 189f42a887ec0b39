import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Place {
  id: number;
  name: string;
  bnName: string;
  divisionId?: number;
  districtId?: number;
}

async function getJson(path: string) {
  const res = await request(t, path);
  return { res, body: (await res.json()) as Place[] };
}

describe(`geo reference data (${process.env.TEST_ENGINE})`, () => {
  it('lists the 8 divisions with English and Bangla names', async () => {
    const { res, body } = await getJson('/api/divisions');
    expect(res.status).toBe(200);
    expect(body).toHaveLength(8);
    expect(body.find((d) => d.name === 'Khulna')).toEqual({ id: 3, name: 'Khulna', bnName: 'খুলনা' });
  });

  it('lists all 64 districts, each with its division', async () => {
    const { body } = await getJson('/api/districts');
    expect(body).toHaveLength(64);
    expect(body.every((d) => typeof d.divisionId === 'number')).toBe(true);
  });

  it('filters districts by division: Khulna division has 10 districts', async () => {
    const { body } = await getJson('/api/districts?divisionId=3');
    expect(body).toHaveLength(10);
    expect(body.map((d) => d.name)).toContain('Jashore');
    expect(body.every((d) => d.divisionId === 3)).toBe(true);
  });

  it('lists all 495 upazilas and filters them by district', async () => {
    expect((await getJson('/api/upazilas')).body).toHaveLength(495);
    const districts = (await getJson('/api/districts')).body;
    const habiganj = districts.find((d) => d.name === 'Habiganj');
    const { body } = await getJson(`/api/upazilas?districtId=${habiganj?.id}`);
    expect(body.map((u) => u.name)).toContain('Shayestaganj');
    expect(body.every((u) => u.districtId === habiganj?.id)).toBe(true);
  });

  it('returns lists sorted by English name', async () => {
    const names = (await getJson('/api/divisions')).body.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers an unknown parent with an empty list, and a bad id with a clear 400', async () => {
    expect((await getJson('/api/districts?divisionId=99')).body).toEqual([]);
    const res = await request(t, '/api/upazilas?districtId=abc');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'districtId must be a number.' },
    });
  });

  it('is cacheable: Cache-Control plus an ETag that answers 304', async () => {
    const first = await request(t, '/api/districts?divisionId=3');
    expect(first.headers.get('cache-control')).toContain('max-age');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await request(t, '/api/districts?divisionId=3', {
      headers: { 'If-None-Match': tag ?? '' },
    });
    expect(again.status).toBe(304);
  });
});
