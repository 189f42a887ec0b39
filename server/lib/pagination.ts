import type { Context } from 'hono';
import { COUNT_CAP } from '../../common/constants.ts';
import { msg } from '../../common/message-key.ts';
import type { Pagination } from '../../common/pagination.schema.ts';
import { badRequest } from './errors.ts';
import { splitUrl } from './split-url.ts';

/** A row's place in its list's order: the values of the sort columns, ending with its id. */
export type SortKey = Array<string | number>;

/** What a repository reads for one page: a numbered page's offset, or the rows after a key. */
export interface Slice {
  limit: number;
  offset: number;
  /** When set, the rows after this key in the list's order (offset is then 0). */
  after?: SortKey | undefined;
}

/** What a repository offers for one list. */
export interface ListSource<Row> {
  rows: (slice: Slice) => Promise<Row[]>;
  /** How many rows there are in all; a capped list counts up to COUNT_CAP + 1 and stops. */
  total: () => Promise<number>;
  /** The row's sort key, for the next link past the numbered pages. */
  keyOf: (row: Row) => SortKey;
  /**
   * A list that can grow with the country: its count stops at COUNT_CAP, page numbers stop
   * there too, and `after` goes on (decision 007). Off only for lists bounded by one person.
   */
  capped: boolean;
  /** How many values a sort key has (2 unless said). */
  keyLength?: number;
}

const BAD_CURSOR = msg('errors.badCursor');

export const encodeCursor = (key: SortKey) =>
  Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** The key an `after` names; a 400 for anything the server did not write. */
export function decodeCursor(text: string, length: number): SortKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR, { after: BAD_CURSOR });
  }
  const valid =
    Array.isArray(key) &&
    key.length === length &&
    key.every((v) => (typeof v === 'string' && v.length <= 300) || Number.isFinite(v));
  if (!valid) throw badRequest(BAD_CURSOR, { after: BAD_CURSOR });
  return key as SortKey;
}

/** A list answer's own headers, as [name, value] pairs in the order they are set. */
export type PageHeaders = Array<[string, string]>;

/**
 * X-Total-Count (and X-Total-Capped past the cap) and an RFC 8288 Link header for a list
 * answer, keeping the request's other query parameters: first, prev, next and last for numbered
 * pages; past the last numbered page of a capped list, and on pages reached by `after`, next
 * names the last row shown (`after=`) and there is no prev or last. `url` is the request's
 * (absolute, or its path and query as written).
 */
export function pageHeaders(
  url: string,
  counted: number,
  { page, limit }: Pick<Pagination, 'page' | 'limit'>,
  keyset: { following: boolean; nextAfter: () => string | undefined } = {
    following: false,
    nextAfter: () => undefined,
  },
): PageHeaders {
  // A count that stopped at the cap says so: the total is at least COUNT_CAP.
  const capped = counted > COUNT_CAP;
  const total = capped ? COUNT_CAP : counted;
  const headers: PageHeaders = [['X-Total-Count', String(total)]];
  if (capped) headers.push(['X-Total-Capped', 'true']);
  const last = Math.max(1, Math.ceil(total / limit));
  // The request's other parameters, once; each link adds its own page (or after) and limit.
  const { pathname, search } = splitUrl(url);
  const params = new URLSearchParams(search);
  for (const name of ['page', 'limit', 'after']) params.delete(name);
  const rest = params.size ? `${params}&` : '';
  const link = (rel: string, where: string) =>
    `<${pathname}?${rest}${where}&limit=${limit}>; rel="${rel}"`;
  const links = [link('first', 'page=1')];
  if (!keyset.following && page > 1) links.push(link('prev', `page=${page - 1}`));
  if (!keyset.following && page < last) links.push(link('next', `page=${page + 1}`));
  else if (keyset.following || capped) {
    const after = keyset.nextAfter();
    if (after) links.push(link('next', `after=${after}`));
  }
  if (!keyset.following) links.push(link('last', `page=${last}`));
  headers.push(['Link', links.join(', ')]);
  headers.push(['Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Capped, Link']);
  return headers;
}

/** pageHeaders, set on the answer `c` is making. */
export function setPageHeaders(
  c: Context,
  counted: number,
  page: Pick<Pagination, 'page' | 'limit'>,
  keyset?: { following: boolean; nextAfter: () => string | undefined },
): void {
  for (const [name, value] of pageHeaders(c.req.url, counted, page, keyset)) c.header(name, value);
}

/** One page of a list: its items and the headers that go with them. */
export interface ListAnswer<Item> {
  items: Item[];
  headers: PageHeaders;
}

/**
 * The one way a list endpoint answers (through listPage, or the public reads' fast path): reads the page (then the total, unless the page tells
 * it), sets X-Total-Count and Link, and answers the page's items. A capped list refuses page
 * numbers past COUNT_CAP items (the `after` links go there), so no request walks further.
 */
export async function readPage<Row, Item>(
  url: string,
  page: Pagination,
  source: ListSource<Row>,
  toItem: (row: Row) => Item,
): Promise<ListAnswer<Item>> {
  const after =
    page.after === undefined ? undefined : decodeCursor(page.after, source.keyLength ?? 2);
  const offset = (page.page - 1) * page.limit;
  if (source.capped && !after && offset >= COUNT_CAP) {
    const message = msg('errors.pagesCapped', { cap: COUNT_CAP.toLocaleString('en') });
    throw badRequest(message, { page: message });
  }
  const rows = await source.rows({ limit: page.limit, offset: after ? 0 : offset, after });
  // A numbered page that is not full ends the list, so it tells the total itself: the count is
  // run only when it does not (a full page, an empty page past the end, or a page by `after`).
  const lastPage = !after && rows.length < page.limit && (rows.length > 0 || offset === 0);
  const total = lastPage ? offset + rows.length : await source.total();
  const lastRow = rows.length === page.limit ? rows[rows.length - 1] : undefined;
  const headers = pageHeaders(url, total, page, {
    following: after !== undefined,
    // Only a full page has a next one; its cursor is written only when a link needs it.
    nextAfter: () => (lastRow === undefined ? undefined : encodeCursor(source.keyOf(lastRow))),
  });
  return { items: rows.map(toItem), headers };
}

/** Sets a page's headers on the answer `c` is making and gives its items. */
export function pageItems<Item>(c: Context, { items, headers }: ListAnswer<Item>): Item[] {
  for (const [name, value] of headers) c.header(name, value);
  return items;
}

/** readPage for the request `c` answers: its headers set, its items returned. */
export async function listPage<Row, Item>(
  c: Context,
  page: Pagination,
  source: ListSource<Row>,
  toItem: (row: Row) => Item,
): Promise<Item[]> {
  return pageItems(c, await readPage(c.req.url, page, source, toItem));
}
