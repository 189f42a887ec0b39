import type { Context } from 'hono';
import { COUNT_CAP } from '../../common/constants.ts';
import type { Pagination } from '../../common/pagination.schema.ts';

/** Rows to skip for a page. */
export const offsetOf = ({ page, limit }: Pagination) => (page - 1) * limit;

/**
 * Sets X-Total-Count and an RFC 8288 Link header (first, prev, next, last) for a list answer,
 * keeping the request's other query parameters.
 */
export function setPageHeaders(c: Context, counted: number, { page, limit }: Pagination): void {
  // A count that stopped at the cap says so: the total is at least COUNT_CAP.
  const capped = counted > COUNT_CAP;
  const total = capped ? COUNT_CAP : counted;
  c.header('X-Total-Count', String(total));
  if (capped) c.header('X-Total-Capped', 'true');
  const last = Math.max(1, Math.ceil(total / limit));
  const url = new URL(c.req.url);
  const link = (p: number, rel: string) => {
    url.searchParams.set('page', String(p));
    url.searchParams.set('limit', String(limit));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (page < last) links.push(link(page + 1, 'next'));
  links.push(link(last, 'last'));
  c.header('Link', links.join(', '));
  c.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Capped, Link');
}

/** What a repository offers for one list: a page of rows, and how many rows there are in all. */
export interface ListSource<Row> {
  rows: (page: { limit: number; offset: number }) => Promise<Row[]>;
  total: () => Promise<number>;
}

/**
 * The one way a list endpoint answers: reads the page and the total together, sets
 * X-Total-Count and Link, and answers the page's items.
 */
export async function listPage<Row, Item>(
  c: Context,
  page: Pagination,
  source: ListSource<Row>,
  toItem: (row: Row) => Item,
): Promise<Item[]> {
  const [rows, total] = await Promise.all([
    source.rows({ limit: page.limit, offset: offsetOf(page) }),
    source.total(),
  ]);
  setPageHeaders(c, total, page);
  return rows.map(toItem);
}
