import { hash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import { carriesCredentials } from './api-cache-control.ts';
import type { ListAnswer } from './pagination.ts';
import { pageItems } from './pagination.ts';

/**
 * Answers a page of a public list (donor search, the open requests) with the web's own cache
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
  const json = JSON.stringify(items);
  // The page headers are part of the answer (the total, the next page's cursor). One string
  // hashed at once: node:crypto's one-shot hash, without a Hash object per request.
  let hashed = json;
  for (const [name, value] of answer.headers) hashed += `\n${name}: ${value}`;
  const tag = `W/"${hash('sha1', hashed, 'base64url')}"`;
  c.header('ETag', tag);
  c.header('Cache-Control', 'no-cache');
  // The route's contract types its answer as the JSON list; a 304 is the list the caller holds.
  if (matches(c.req.header('if-none-match'), tag)) return c.body(null, 304) as never;
  // The bytes just hashed, as c.json would write them.
  return c.body(json, 200, { 'Content-Type': 'application/json' }) as never;
}

type JsonList<Item> = Response & TypedResponse<Item[], 200, 'json'>;

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
