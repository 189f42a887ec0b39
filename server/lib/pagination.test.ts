import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { listPage } from './pagination.ts';

/** A list of `size` numbered rows behind a one-route app, counting the counts it is asked for. */
function listOf(size: number) {
  const all = Array.from({ length: size }, (_, i) => i + 1);
  const asked = { counts: 0 };
  const app = new Hono().get('/items', async (c) => {
    const page = Number(c.req.query('page') ?? 1);
    const items = await listPage(
      c,
      { page, limit: 10 },
      {
        rows: async ({ limit, offset }) => all.slice(offset, offset + limit),
        total: async () => {
          asked.counts += 1;
          return all.length;
        },
        keyOf: (row) => [row],
        capped: true,
      },
      (row) => row,
    );
    return c.json(items);
  });
  const get = async (page: number) => {
    const res = await app.request(`/items?page=${page}`);
    return { total: res.headers.get('X-Total-Count'), items: (await res.json()) as number[] };
  };
  return { get, asked };
}

describe('listPage totals', () => {
  it('takes the total from a numbered page that is not full, without counting', async () => {
    const list = listOf(25);
    expect(await list.get(3)).toEqual({ total: '25', items: [21, 22, 23, 24, 25] });
    expect((await listOf(0).get(1)).total).toBe('0');
    expect(list.asked.counts).toBe(0);
  });

  it('counts when the page is full or past the end', async () => {
    const list = listOf(25);
    expect((await list.get(1)).total).toBe('25');
    expect((await list.get(5)).total).toBe('25');
    expect(list.asked.counts).toBe(2);
  });
});
