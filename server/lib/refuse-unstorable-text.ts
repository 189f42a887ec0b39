import type { Context, MiddlewareHandler } from 'hono';
import { msg } from '../../common/message-key.ts';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';
import { textOf } from './messages.ts';
import { splitUrl } from './split-url.ts';

export const INVALID_CHARACTERS = 'INVALID_CHARACTERS';
// The refusals, as message keys; the *_MESSAGE exports are their English words (tests compare).
const NUL = msg('errors.nulCharacter');
const SURROGATE = msg('errors.brokenCharacter');
const MALFORMED_URL = msg('errors.malformedUrl');
const MALFORMED_FORM = msg('errors.malformedForm');
export const NUL_MESSAGE = textOf('en', NUL);
export const SURROGATE_MESSAGE = textOf('en', SURROGATE);
export const MALFORMED_URL_MESSAGE = textOf('en', MALFORMED_URL);
export const MALFORMED_FORM_MESSAGE = textOf('en', MALFORMED_FORM);

/** A UTF-16 surrogate without its other half: not a character, so no engine can store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why an engine cannot store `text`, if it cannot. */
export function problemIn(text: string): string | undefined {
  // PostgreSQL refuses NUL in text (a 500 before this check); SQLite would cut or keep it.
  if (text.includes('\0')) return NUL;
  // node-postgres turns a lone surrogate into U+FFFD and SQLite stores invalid UTF-8: either way
  // the text read back is not the text sent.
  if (LONE_SURROGATE.test(text)) return SURROGATE;
  return undefined;
}

function refuse(message: string, field?: string): never {
  // A field name that is itself the problem is not repeated back as a details key.
  const details = field !== undefined && !problemIn(field) ? { [field]: message } : undefined;
  throw new AppError(400, INVALID_CHARACTERS, message, details);
}

/** Strict percent-decoding: Hono's own decoding leaves a broken escape in place, we refuse it. */
function decodeOrRefuse(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new AppError(400, 'MALFORMED_URL', MALFORMED_URL);
  }
}

function checkPath(pathname: string) {
  for (const segment of pathname.split('/')) {
    const problem = problemIn(decodeOrRefuse(segment));
    if (problem) refuse(problem);
  }
}

function checkQuery(search: string) {
  for (const pair of search.slice(1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = decodeOrRefuse((eq === -1 ? pair : pair.slice(0, eq)).replaceAll('+', ' '));
    const value = eq === -1 ? '' : decodeOrRefuse(pair.slice(eq + 1).replaceAll('+', ' '));
    const problem = problemIn(name) ?? problemIn(value);
    if (problem) refuse(problem, name);
  }
}

/**
 * Every string and key of a parsed JSON value, depth first. Iterative: a 100 KB body can nest
 * 50,000 levels deep, which would overflow a recursive walk.
 */
function checkJson(root: unknown) {
  const stack: Array<{ value: unknown; field: string | undefined }> = [
    { value: root, field: undefined },
  ];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, field } = item;
    if (typeof value === 'string') {
      const problem = problemIn(value);
      if (problem) refuse(problem, field);
    } else if (typeof value === 'object' && value !== null) {
      const isTop = field === undefined && value === root && !Array.isArray(value);
      for (const [key, child] of Object.entries(value)) {
        const problem = problemIn(key);
        if (problem) refuse(problem);
        stack.push({ value: child, field: isTop ? key : field });
      }
    }
  }
}

function checkEntries(entries: Iterable<[string, unknown]>) {
  for (const [name, value] of entries) {
    const problem = problemIn(name) ?? (typeof value === 'string' ? problemIn(value) : undefined);
    if (problem) refuse(problem, name);
  }
}

async function checkBody(c: Context<AppEnv>) {
  // Read once as bytes: Hono caches them, so c.req.json() and better-auth's c.req.arrayBuffer()
  // downstream get the very same body.
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength === 0) return;
  const text = new TextDecoder().decode(bytes);
  if (text.includes('\0')) refuse(NUL);
  const contentType = c.req.header('content-type') ?? '';
  const type = contentType.toLowerCase();
  if (type.includes('multipart/form-data')) {
    // A part may be base64 (Content-Transfer-Encoding), so only the parsed form tells.
    const form = await new Response(bytes, { headers: { 'content-type': contentType } })
      .formData()
      .catch(() => {
        throw new AppError(400, 'BAD_REQUEST', MALFORMED_FORM);
      });
    checkEntries(form.entries());
  } else if (type.includes('application/x-www-form-urlencoded')) {
    checkEntries(new URLSearchParams(text).entries());
  } else {
    // Whatever the declared type: some handlers parse JSON without looking at it. `\u0000` in
    // JSON is the NUL character once parsed, `\\u0000` is a backslash and text: only parsing tells.
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // not JSON: the handler refuses it in its own words
    }
    checkJson(parsed);
  }
}

/**
 * Refuses, with a 400 in words, text that an engine cannot store — the NUL character and lone
 * UTF-16 surrogates — in the path, the query and the body (JSON, urlencoded or multipart form),
 * and broken %-escapes in the path and query. One place for every route, better-auth's included.
 * Image uploads are binary and are not read here. Mount after the body-size limit.
 */
export function refuseUnstorableText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { pathname, search } = splitUrl(c.req.url);
    checkPath(pathname);
    checkQuery(search);
    // GET and HEAD have no body on Node's server (and asking for one would build a web Request).
    const bodiless = c.req.method === 'GET' || c.req.method === 'HEAD';
    const isUpload = c.req.method === 'POST' && c.req.path === '/api/images';
    if (!bodiless && !isUpload && c.req.raw.body) await checkBody(c);
    return next();
  };
}
