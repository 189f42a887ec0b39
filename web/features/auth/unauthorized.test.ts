import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../common/contract/auth.contract.ts';
import { changeRequest, getRequest } from '../../../common/contract/requests.contract.ts';
import { getMe } from '../../../common/contract/users.contract.ts';
import { request, setUnauthorizedHandler } from '../../lib/api.ts';
import { sessionQueryKey } from './session.api.ts';
import { installUnauthorizedHandler } from './unauthorized.ts';

const here = { pathname: '/dashboard/profile', search: '?x=1', hash: '' };
const user = { id: 'u1', name: 'Rahim', email: 'r@example.org', image: null, role: 'donor' };

function fakeRouter(navigatingTo?: typeof here) {
  return {
    state: { location: here, navigation: { location: navigatingTo } },
    navigate: vi.fn(async () => undefined),
  };
}

/** Every call answers `status` with `code`; the calls are recorded. */
function answer(status: number, code: string) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ error: { code, message: 'No.' } }), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the unauthorized handler', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('signs a signed-in user out on a 401 and goes to /login, remembering the page', async () => {
    const router = fakeRouter();
    installUnauthorizedHandler(router, queryClient);
    queryClient.setQueryData(sessionQueryKey, user);
    const fetch = answer(401, 'UNAUTHORIZED');

    await request(getMe, {}).catch(() => undefined);

    await vi.waitFor(() =>
      expect(router.navigate).toHaveBeenCalledWith('/login', {
        replace: true,
        state: { from: here },
      }),
    );
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    // Asks who is signed in first (no one: refused here), then ends the server's session too,
    // once (after loading the auth endpoints' definitions).
    await vi.waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([
        '/api/users/me',
        '/api/auth/get-session',
        '/api/auth/sign-out',
      ]),
    );
  });

  it('shows the account another tab signed in as, and signs nobody out, when a call made with the old session is refused', async () => {
    // Tab 1 shows user A; its call left with A's cookie just as another tab signed the browser in
    // as B, which ended A's session: the 401 is about A, while the browser is B's.
    const router = fakeRouter();
    installUnauthorizedHandler(router, queryClient);
    queryClient.setQueryData(sessionQueryKey, user);
    const at = '2026-11-30T04:00:00.000Z';
    const other = {
      id: 'u2',
      name: 'Karim',
      email: 'k@example.org',
      emailVerified: false,
      image: null,
      createdAt: at,
      updatedAt: at,
      role: 'donor',
      status: 'active',
      lastDonationDate: null,
      searchVisible: true,
      bloodGroup: 'B+',
      division: 'Dhaka',
      district: 'Dhaka',
      upazila: null,
      twoFactorEnabled: false,
      consentOwed: false,
    };
    const session = { id: 's2', userId: 'u2', expiresAt: at, createdAt: at, updatedAt: at };
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/auth/get-session'
        ? Response.json({ user: other, session })
        : new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'No.' } }), {
            status: 401,
          }),
    );
    vi.stubGlobal('fetch', fetch);

    await request(getMe, {}).catch(() => undefined);

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(sessionQueryKey)).toMatchObject({ id: 'u2', name: 'Karim' }),
    );
    expect(router.navigate).not.toHaveBeenCalled();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/users/me',
      '/api/auth/get-session',
    ]);
  });

  it('signs out once when several calls are refused together', async () => {
    const router = fakeRouter();
    installUnauthorizedHandler(router, queryClient);
    queryClient.setQueryData(sessionQueryKey, user);
    const fetch = answer(401, 'UNAUTHORIZED');

    await Promise.all([
      request(getMe, {}).catch(() => undefined),
      request(getRequest, { params: { id: 'r1' } }).catch(() => undefined),
    ]);

    await vi.waitFor(() => expect(router.navigate).toHaveBeenCalledTimes(1));
    await vi.waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => url === '/api/auth/sign-out')).toHaveLength(1),
    );
  });

  it('remembers the page being opened when a loader met the 401', async () => {
    const detail = { pathname: '/blood-donation-request/r1', search: '', hash: '' };
    const router = fakeRouter(detail);
    installUnauthorizedHandler(router, queryClient);
    queryClient.setQueryData(sessionQueryKey, user);
    answer(403, 'ACCOUNT_BLOCKED');

    await request(getRequest, { params: { id: 'r1' } }).catch(() => undefined);

    await vi.waitFor(() =>
      expect(router.navigate).toHaveBeenCalledWith('/login', {
        replace: true,
        state: { from: detail },
      }),
    );
  });

  it.each([
    ['signed out', null],
    ['not known yet', undefined],
  ])('does nothing while the session is %s (a failed sign-in is a 401 too)', async (_, session) => {
    const router = fakeRouter();
    installUnauthorizedHandler(router, queryClient);
    if (session !== undefined) queryClient.setQueryData(sessionQueryKey, session);
    const fetch = answer(401, 'INVALID_EMAIL_OR_PASSWORD');

    await request(signIn, { json: { email: 'a@b.c', password: 'x' } }).catch(() => undefined);

    expect(router.navigate).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the user signed in when one action is refused (403 FORBIDDEN)', async () => {
    const router = fakeRouter();
    installUnauthorizedHandler(router, queryClient);
    queryClient.setQueryData(sessionQueryKey, user);
    answer(403, 'FORBIDDEN');

    await request(changeRequest, { params: { id: 'r1' }, json: { status: 'done' } }).catch(
      () => undefined,
    );

    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user);
    expect(router.navigate).not.toHaveBeenCalled();
  });
});
