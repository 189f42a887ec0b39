import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import type { z } from 'zod';
import { listRequests } from '../common/contract/requests.contract.ts';
import { searchDonors } from '../common/contract/users.contract.ts';
import type { HttpMetrics } from './features/metrics/http-metrics.ts';
import { openRequestsAnswer } from './features/requests/requests.routes.ts';
import { donorSearchAnswer } from './features/users/users.routes.ts';
import { apiCacheControl } from './lib/api-cache-control.ts';
import {
  COMPRESS_THRESHOLD,
  chooseEncoding,
  type Encoding,
  TAKES_COMPRESSION,
} from './lib/compress-json.ts';
import type { AppDeps, AppEnv } from './lib/context.ts';
import type { ListAnswer } from './lib/pagination.ts';
import { problemIn } from './lib/refuse-unstorable-text.ts';
import { requestIdFor } from './lib/request-id.ts';
import { logRequest } from './lib/request-log.ts';
import { securityHeaders } from './lib/security-headers.ts';

/*
 * The public reads' fast path (issue 10, decision 021): an anonymous GET of donor search or of
 * the public list of open requests is answered straight from Node's request, without Hono, but
 * with the very same answer — the same query schema (the contract's), the same repository calls
 * and page headers (donorSearchAnswer, openRequestsAnswer), the same JSON, security headers,
 * compression choice, request id, log line and request counters. Everything else, and anything
 * here it does not fully understand (a cookie or an Authorization header, any other header it
 * does not know, a query it cannot read or the schema refuses, an error while answering), goes
 * to the app untouched, so every refusal is the app's own. server/fast-path.test.ts holds the
 * two paths' answers side by side.
 */

/** Headers a plain anonymous GET may carry that change nothing in these answers. */
const HARMLESS_HEADERS = new Set([
  'host',
  'accept',
  'accept-encoding',
  'accept-language',
  'user-agent',
  'connection',
  'keep-alive',
  'referer',
  'origin',
  'cache-control',
  'pragma',
  'dnt',
  'priority',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-real-ip',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-fetch-user',
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
  'sec-gpc',
]);

/**
 * The request targets @hono/node-server takes as they are (no URL object, so no re-encoding of
 * the query the page links repeat): a subset of its own test, and of its hosts.
 */
const PLAIN_TARGET = /^\/api\/(?:users\/donor|donation-request)(?:\?[\w%&=+.~-]*)?$/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

interface Endpoint<Query> {
  /** The route's pattern, as the request counters name it. */
  route: string;
  /** The query parameters it knows; any other sends the request to the app. */
  known: Set<string>;
  schema: z.ZodType<Query, unknown>;
  answer: (deps: AppDeps, url: string, query: Query) => Promise<ListAnswer<unknown>> | undefined;
}

const endpoints = new Map<string, Endpoint<never>>();
function endpoint<Query>(path: string, spec: Endpoint<Query>) {
  endpoints.set(path, spec as unknown as Endpoint<never>);
}
endpoint('/api/users/donor', {
  route: '/api/users/donor',
  known: new Set(['bloodGroup', 'division', 'district', 'upazila', 'page', 'limit', 'after']),
  schema: searchDonors.request.query,
  answer: (deps, url, query) => donorSearchAnswer(deps, url, query, false),
});
endpoint('/api/donation-request', {
  route: '/api/donation-request',
  // Not `email`: that list is a signed-in one (the route asks for a session when it is given).
  known: new Set(['status', 'page', 'limit', 'after', 'verified']),
  schema: listRequests.request.query,
  answer: (deps, url, { status, email, ...page }) =>
    // Any other status is the route's 400.
    status === 'pending' && email === undefined
      ? openRequestsAnswer(deps, url, page, false)
      : undefined,
});

/**
 * The query's parameters as Hono reads them (`+` is a space, %-escapes decoded), or undefined
 * when the app could answer otherwise: a parameter it does not know or given twice, a broken
 * %-escape, text no engine can store (the app's 400s).
 */
function readQuery(search: string, known: Set<string>): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  if (!search) return query;
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    let name = eq === -1 ? pair : pair.slice(0, eq);
    let value = eq === -1 ? '' : pair.slice(eq + 1);
    try {
      if (name.includes('%') || name.includes('+'))
        name = decodeURIComponent(name.replaceAll('+', ' '));
      if (value.includes('%') || value.includes('+'))
        value = decodeURIComponent(value.replaceAll('+', ' '));
    } catch {
      return undefined;
    }
    if (!known.has(name) || Object.hasOwn(query, name) || problemIn(value)) return undefined;
    query[name] = value;
  }
  return query;
}

/** Whether the request's headers are all ones the fast path knows to change nothing. */
function plainHeaders(req: IncomingMessage): boolean {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (!HARMLESS_HEADERS.has((raw[i] as string).toLowerCase())) return false;
  }
  return PLAIN_HOST.test(req.headers.host ?? '');
}

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => gzip(body),
  deflate: (body) => deflate(body),
};

/** A request handler that answers what it can and passes the rest to `next`. */
export type FastPath = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The fast path for the public reads, adding to the app's request counters. Its constant
 * headers are read once from the app's own security-headers and cache-control middleware.
 */
export async function createFastPath(deps: AppDeps, httpMetrics: HttpMetrics): Promise<FastPath> {
  // Its answers are anonymous, so the app's Cache-Control for an anonymous /api answer too.
  const probe = new Hono<AppEnv>()
    .use(securityHeaders(deps.env))
    .use(apiCacheControl())
    .get('/api/probe', (c) => c.body(null, 204));
  const security: Record<string, string> = {};
  for (const [name, value] of (await probe.request('/api/probe')).headers) security[name] = value;

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    spec: Endpoint<never>,
    url: string,
    query: never,
    started: number,
  ): Promise<boolean> {
    const page = await spec.answer(deps, url, query);
    if (!page) return false;
    const given = req.headers['x-request-id'];
    const requestId = requestIdFor(typeof given === 'string' ? given : undefined);
    const json = JSON.stringify(page.items);
    const headers: Record<string, string | number> = {
      ...security,
      'x-request-id': requestId,
      vary: 'Accept-Encoding',
      'content-type': 'application/json',
    };
    for (const [name, value] of page.headers) headers[name.toLowerCase()] = value;
    const acceptEncoding = req.headers['accept-encoding'];
    const encoding = TAKES_COMPRESSION.test(acceptEncoding ?? '')
      ? chooseEncoding(acceptEncoding)
      : undefined;
    // Text goes out in one write with the headers; only a compressed answer is a Buffer.
    let body: string | Buffer = json;
    let length = Buffer.byteLength(json);
    if (encoding && length >= COMPRESS_THRESHOLD) {
      body = await compressors[encoding](Buffer.from(json));
      length = body.length;
      headers['content-encoding'] = encoding;
    }
    headers['Content-Length'] = length;
    res.writeHead(200, headers);
    res.end(body);
    logRequest(deps.logger, { requestId, method: 'GET', path: spec.route, status: 200, started });
    httpMetrics.observe('GET', spec.route, 200, (performance.now() - started) / 1000);
    return true;
  }

  return (req, res, next) => {
    const started = performance.now();
    const url = req.url ?? '';
    if (req.method !== 'GET' || !PLAIN_TARGET.test(url) || !plainHeaders(req)) return next();
    const q = url.indexOf('?');
    const spec = endpoints.get(q === -1 ? url : url.slice(0, q));
    if (!spec) return next();
    const query = readQuery(q === -1 ? '' : url.slice(q + 1), spec.known);
    if (!query) return next();
    const parsed = spec.schema.safeParse(query);
    if (!parsed.success) return next();
    // Nothing is written before the answer is whole: on any error (a bad cursor, a page past
    // the numbered ones, the database) the app answers instead, in its own words.
    answer(req, res, spec, url, parsed.data, started).then(
      (answered) => {
        if (!answered) next();
      },
      (error: unknown) => {
        if (!res.headersSent) return next();
        // Only the log line or the counters can fail once the answer is out.
        deps.logger.error({ err: error }, 'fast path failed after answering');
      },
    );
  };
}

/** The server's request handler: the fast path first, the app for everything it passes on. */
export function withFastPath(fastPath: FastPath, app: RequestListener): RequestListener {
  return (req, res) => fastPath(req, res, () => app(req, res));
}
