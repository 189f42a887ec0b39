import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { uploadFailureMessage, uploadImage } from './images.api.ts';

const SCREEN_MESSAGE = 'Image upload failed. Please try again.';

/** Answers the upload with `status` and the API's error body, as the server does. */
async function failedUpload(status: number, message: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'SOME_CODE', message } }), {
          status,
          headers: { 'content-type': 'application/json', 'retry-after': '2400' },
        }),
    ),
  );
  const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
  return uploadImage(file).then(
    () => expect.fail('the upload should have failed'),
    (error: unknown) => error,
  );
}

describe('what a failed photo upload tells the person', () => {
  afterEach(() => vi.unstubAllGlobals());

  // Issue 17: the 11th person registering behind one address saw the screen's "please try
  // again", and trying again could not work for an hour.
  it("a refusal by a limit (429) shows the server's words: which limit, and when to try again", async () => {
    const refusal =
      '20 photos have been uploaded from your network in the last hour without a registration using them. Please try again in 40 minutes.';
    expect(uploadFailureMessage(await failedUpload(429, refusal), SCREEN_MESSAGE)).toBe(refusal);
  });

  it.each([400, 413, 500, 503])("a %i keeps the screen's own message (SPEC §8)", async (status) => {
    const error = await failedUpload(status, 'Please upload a JPEG, PNG or WebP image.');
    expect(uploadFailureMessage(error, SCREEN_MESSAGE)).toBe(SCREEN_MESSAGE);
  });

  it("a network failure keeps the screen's own message", () => {
    const offline = new ApiError(0, 'NETWORK_ERROR', 'Something went wrong.');
    expect(uploadFailureMessage(offline, SCREEN_MESSAGE)).toBe(SCREEN_MESSAGE);
  });
});
