import { hash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import { carriesCredentials } from './api-cache-control.ts';
import type { ListAnswer } from './pagination.ts';
import { pageItems } from './pagination.ts';

/**
 * Answers a page of a public list (donor search, the open requests, published blogs) with the web's own cache
 * validator (decision 027): an anonymous answer carries an ETag of its bytes and page headers,
 * and `Cache-Control: no-cache`, so a browser, the service worker or a proxy may keep it and ask
 * again with If-None-Match; an unchanged page is then a 304 with no body. The SQL still runs on
 * every request: a page's freshness is only known by reading it.
 *
 * A caller with credentials (even ones that sign no one in) gets no validator and never a 304:
 * their answer may hold what the anonymous one does not (emails), and apiCacheControl marks it
 * `private, no-store`, so an anonymous copy held by their browser is never confirmed for them.
 */
export function publicList<Item>(c: Context, answer: ListAnswer<Item>): JsonList<Item> {
  const items = pageItems(c, answer);
  if (carriesCredentials(c)) return c.json(items, 200) as JsonList<Item>;
  // The page headers are part of the answer (the total, the next page's cursor).
  let headers = '';
  for (const [name, value] of answer.headers) headers += `\n${name}: ${value}`;
  return withValidator(c, JSON.stringify(items), headers) as never;
}

/**
 * The same for one public thing (a published blog, issue 32): an anonymous caller gets an ETag
 * and a 304 when it still holds the answer; a caller with credentials neither, as above.
 */
export function publicItem<Item>(c: Context, item: Item): JsonItem<Item> {
  if (carriesCredentials(c)) return c.json(item, 200) as never;
  return withValidator(c, JSON.stringify(item), '') as never;
}

/** Answers `json` with its ETag, or 304 when If-None-Match names it. */
function withValidator(c: Context, json: string, headers: string): Response {
  // One string hashed at once: node:crypto's one-shot hash, without a Hash object per request.
  const tag = `W/"${hash('sha1', json + headers, 'base64url')}"`;
  c.header('ETag', tag);
  c.header('Cache-Control', 'no-cache');
  // The route's contract types its answer as the JSON; a 304 is the answer the caller holds.
  if (matches(c.req.header('if-none-match'), tag)) return c.body(null, 304);
  // The bytes just hashed, as c.json would write them.
  return c.body(json, 200, { 'Content-Type': 'application/json' });
}

type JsonList<Item> = Response & TypedResponse<Item[], 200, 'json'>;
type JsonItem<Item> = Response & TypedResponse<Item, 200, 'json'>;

/** Whether an If-None-Match header names `tag` (weak comparison, as RFC 9110 asks for GET). */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = tag.slice(2);
  for (const given of header.split(',')) {
    const candidate = given.trim();
    if (candidate === '*') return true;
    if ((candidate.startsWith('W/') ? candidate.slice(2) : candidate) === opaque) return true;
  }
  return false;
}
