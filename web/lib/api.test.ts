import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../common/contract/auth.contract.ts';
import { getRequest, listAllRequests } from '../../common/contract/requests.contract.ts';
import {
  getMe,
  markDonated,
  setLanguage as setLanguageEndpoint,
} from '../../common/contract/users.contract.ts';
import { ApiError, request, requestPage, setUnauthorizedHandler, urlOf } from './api.ts';
import { setLanguage } from './i18n.ts';

// Calls with whatever input: these tests are about answers, not about what is sent.
const api = (endpoint: any = getMe, input: any = {}) => request(endpoint, input);
const apiPage = (endpoint: any = listAllRequests) => requestPage(endpoint, {} as any);

/** Answers every fetch with `status` and the API's error body. */
function answer(status: number, code?: string, message = 'The server says no.') {
  const body = code === undefined ? '' : JSON.stringify({ error: { code, message } });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

describe('api client: which refusals end the session', () => {
  const handler = vi.fn();
  beforeEach(() => setUnauthorizedHandler(handler));
  afterEach(() => {
    setUnauthorizedHandler(null);
    handler.mockReset();
    vi.unstubAllGlobals();
  });

  it.each([['UNAUTHORIZED'], ['INVALID_EMAIL_OR_PASSWORD'], ['SESSION_EXPIRED']])(
    'calls the handler on a 401 (%s) and still throws it',
    async (code) => {
      answer(401, code);
      const error = await api(getMe).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler).toHaveBeenCalledWith(error);
    },
  );

  it('calls the handler on a 403 ACCOUNT_BLOCKED', async () => {
    answer(403, 'ACCOUNT_BLOCKED', 'Your account has been blocked. Please contact an admin.');
    await expect(api(signIn, { json: {} })).rejects.toMatchObject({
      status: 403,
      code: 'ACCOUNT_BLOCKED',
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  // Regression: a volunteer demoted to donor who clicked Done was signed out by the 403.
  it.each([
    ['FORBIDDEN', 'Only the requester, a volunteer or an admin can mark this request done.'],
    ['OWN_REQUEST', 'You cannot donate to your own request.'],
    ['SELF_ACTION', 'You cannot change your own account here.'],
    ['UNKNOWN_ERROR', 'Something else.'],
  ])('leaves the session alone on a 403 %s and throws its message', async (code, message) => {
    answer(403, code, message);
    await expect(api(getRequest, { params: { id: '1' } })).rejects.toMatchObject({
      status: 403,
      code,
      message,
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it.each([400, 404, 409, 415, 422, 429, 500, 503])(
    'leaves the session alone on a %i',
    async (status) => {
      answer(status, 'SOME_CODE');
      await expect(api()).rejects.toMatchObject({ status, code: 'SOME_CODE' });
      expect(handler).not.toHaveBeenCalled();
    },
  );

  it('reads ACCOUNT_BLOCKED only from a 403, and a 403 without a body as a refusal', async () => {
    answer(400, 'ACCOUNT_BLOCKED');
    await expect(api()).rejects.toBeInstanceOf(ApiError);
    answer(403);
    await expect(api()).rejects.toMatchObject({ status: 403, code: 'UNKNOWN_ERROR' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('leaves the session alone when the network fails (status 0)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('applies the same rule to list pages', async () => {
    answer(403, 'FORBIDDEN');
    await expect(apiPage()).rejects.toMatchObject({ status: 403 });
    expect(handler).not.toHaveBeenCalled();
    answer(401, 'UNAUTHORIZED');
    await expect(apiPage()).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('api client: calls made from the endpoint definitions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills path params (encoded) and sends only the query values that say something', () => {
    expect(urlOf(getRequest, { params: { id: 'a/b c' } })).toBe('/donation-request/a%2Fb%20c');
    expect(
      urlOf(listAllRequests, { query: { status: undefined, page: 2, limit: 10, x: '' } }),
    ).toBe('/donation-request/all?page=2&limit=10');
  });

  it('answers the parsed body when it matches the definition', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ modifiedCount: 1 }, { status: 200 })),
    );
    await expect(request(markDonated, { params: { id: 'x' } })).resolves.toEqual({
      modifiedCount: 1,
    });
  });

  it('refuses an answer that does not match the definition instead of believing it', async () => {
    // A server that drifted: an extra field, and a missing one.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ modifiedCount: 1, secret: 'x' }, { status: 200 })),
    );
    await expect(request(markDonated, { params: { id: 'x' } })).rejects.toMatchObject({
      code: 'UNEXPECTED_ANSWER',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 200 })),
    );
    await expect(request(markDonated, { params: { id: 'x' } })).rejects.toMatchObject({
      code: 'UNEXPECTED_ANSWER',
    });
  });

  it('reads the total of a list page from X-Total-Count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([], { status: 200, headers: { 'X-Total-Count': '42' } })),
    );
    await expect(requestPage(listAllRequests, { query: { page: 3 } })).resolves.toEqual({
      items: [],
      total: 42,
      capped: false,
      headers: expect.any(Headers),
    });
  });
});

describe('api client: the reader’s language (issue 16)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('en');
  });

  it('asks for answers in the language shown, on every call', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await request(setLanguageEndpoint, { json: { language: 'bn' } });
    await setLanguage('bn');
    await request(setLanguageEndpoint, { json: { language: 'bn' } });
    const sent = fetch.mock.calls.map((call) => {
      const init = (call as unknown as [string, RequestInit])[1];
      return new Headers(init.headers).get('Accept-Language');
    });
    expect(sent).toEqual(['en', 'bn']);
  });

  it('reads a declared 204 as no content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(
      request(setLanguageEndpoint, { json: { language: 'en' } }),
    ).resolves.toBeUndefined();
  });
});
