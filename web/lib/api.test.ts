import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiPage, setUnauthorizedHandler } from './api.ts';

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
      const error = await api('/users/me').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler).toHaveBeenCalledWith(error);
    },
  );

  it('calls the handler on a 403 ACCOUNT_BLOCKED', async () => {
    answer(403, 'ACCOUNT_BLOCKED', 'Your account has been blocked. Please contact an admin.');
    await expect(api('/donation-request', { method: 'POST', json: {} })).rejects.toMatchObject({
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
    await expect(api('/donation-request/1', { method: 'PATCH', json: {} })).rejects.toMatchObject({
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
      await expect(api('/anything')).rejects.toMatchObject({ status, code: 'SOME_CODE' });
      expect(handler).not.toHaveBeenCalled();
    },
  );

  it('reads ACCOUNT_BLOCKED only from a 403, and a 403 without a body as a refusal', async () => {
    answer(400, 'ACCOUNT_BLOCKED');
    await expect(api('/anything')).rejects.toBeInstanceOf(ApiError);
    answer(403);
    await expect(api('/anything')).rejects.toMatchObject({ status: 403, code: 'UNKNOWN_ERROR' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('leaves the session alone when the network fails (status 0)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api('/anything')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('applies the same rule to list pages', async () => {
    answer(403, 'FORBIDDEN');
    await expect(apiPage('/donation-request/all')).rejects.toMatchObject({ status: 403 });
    expect(handler).not.toHaveBeenCalled();
    answer(401, 'UNAUTHORIZED');
    await expect(apiPage('/donation-request/all')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
