import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import type { AppEnv } from './context.ts';

/** Below this an answer goes as it is: compressing it costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;
/** A client whose Accept-Encoding does not match this is sent every answer as it is. */
export const TAKES_COMPRESSION = /gzip|deflate/;

export type Encoding = 'gzip' | 'deflate';
const ENCODINGS: Encoding[] = ['gzip', 'deflate'];

/**
 * The encoding an answer is compressed with for this Accept-Encoding, if any: the first of gzip
 * and deflate the client takes at q=1, else the one it takes at the highest q above 0 (a `*`
 * counts for both): the choice Hono's compress middleware makes.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * Compresses API answers of 1 KB and more (gzip or deflate, as the client accepts). Hono's
 * compress middleware decides by Content-Length, which its JSON answers do not carry, so the
 * length is set first from the body already built in memory.
 *
 * A client that takes no compression costs nothing here: `Vary` is said before the answer is
 * made (a header added to a finished answer makes Hono copy it into a new web Response, which
 * was a tenth of a donor search's CPU in the bench's profile), and nothing else is looked at.
 */
export function compressJson(): MiddlewareHandler<AppEnv> {
  const compressors = {
    gzip: compress({ threshold: COMPRESS_THRESHOLD, encoding: 'gzip' }),
    deflate: compress({ threshold: COMPRESS_THRESHOLD, encoding: 'deflate' }),
  };
  const measure: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.res.headers.has('Content-Length') || !c.res.body) return;
    // A file written while it is read (a person's data export) is compressed as it streams,
    // never gathered into memory to be measured.
    if (c.res.headers.get('Content-Disposition')?.startsWith('attachment')) return;
    if (!c.res.headers.get('Content-Type')?.startsWith('application/json')) return;
    const body = await c.res.arrayBuffer();
    const headers = new Headers(c.res.headers);
    headers.set('Content-Length', String(body.byteLength));
    c.res = new Response(body, { status: c.res.status, headers });
  };
  return async (c, next) => {
    // The answer's encoding depends on Accept-Encoding whatever its size, so caches are told.
    c.header('Vary', 'Accept-Encoding');
    const acceptEncoding = c.req.header('accept-encoding');
    if (!TAKES_COMPRESSION.test(acceptEncoding ?? '')) return next();
    const encoding = chooseEncoding(acceptEncoding);
    // Compression offered but none taken (`gzip;q=0`): the answer goes as it is, measured.
    if (!encoding) return measure(c, next);
    return compressors[encoding](c, async () => {
      await measure(c, next);
    });
  };
}
