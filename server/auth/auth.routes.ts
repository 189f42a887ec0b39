import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../lib/context.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { currentUser, requireUser } from './session.ts';

/**
 * better-auth answers errors as {code, message}; the rest of the API as {error: {code, message}}.
 * Reshape so the web app reads one error format.
 */
async function reshapeError(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json'))
    return res;
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(
    JSON.stringify({
      error: {
        code: body.code ?? 'AUTH_ERROR',
        message: body.message ?? 'Something went wrong. Please try again.',
      },
    }),
    { status: res.status, headers },
  );
}

export function authRoutes({ auth, env }: AppDeps) {
  return (
    new Hono<AppEnv>()
      // better-auth's own endpoints: sign-up/email, sign-in/email, sign-out, get-session, …
      .on(['GET', 'POST'], '/auth/*', async (c) => {
        const headers = new Headers(c.req.raw.headers);
        headers.set(CLIENT_IP_HEADER, clientIp(c, env.TRUST_PROXY));
        const body = c.req.method === 'POST' ? await c.req.arrayBuffer() : undefined;
        const request = new Request(c.req.url, { method: c.req.method, headers, body });
        return reshapeError(await auth.handler(request));
      })
      // A bearer token for API clients, for the signed-in caller only (never for a posted email).
      .post('/jwt', requireUser, async (c) => {
        const context = await auth.$context;
        const session = await context.internalAdapter.createSession(currentUser(c).id);
        return c.json({ token: session.token });
      })
  );
}
