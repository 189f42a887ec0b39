import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';

import { keyOfUri, totp } from '../../server/test/totp.ts';
import { baseUrl, dataDir } from './site.ts';

const run = promisify(execFile);

export const PASSWORD = 'Passw0rd!';

export interface Member {
  id: string;
  name: string;
  email: string;
  password: string;
}

/**
 * A fresh donor, registered through the real sign-up endpoint (not through the form), on the e2e
 * server unless `site` names another one.
 */
export async function registerMember(
  overrides: Partial<Member> & Record<string, string> = {},
  site: string = baseUrl(),
): Promise<Member> {
  const tag = randomBytes(4).toString('hex');
  // `language`: the page's language at sign-up, which the new account takes (issue 16).
  const { language, ...given } = overrides;
  const fields = {
    name: given.name ?? `Donor ${tag}`,
    email: given.email ?? `donor-${tag}@example.org`,
    password: PASSWORD,
  };
  const res = await fetch(`${site}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: site,
      ...(language ? { 'accept-language': language } : {}),
    },
    body: JSON.stringify({
      ...fields,
      image: '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
      bloodGroup: 'O+',
      division: 'Khulna',
      district: 'Khulna',
      consent: true,
      ...given,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, ...fields };
}

/**
 * Changes the member's role with the real command-line tool, on the e2e server's database: the
 * built one (`npm run build` made it with the server the tests run), which starts in a third of
 * the time tsx takes to compile the source (28 calls a run).
 */
async function adminCli(action: 'promote' | 'demote', email: string): Promise<void> {
  await run(process.execPath, ['dist/server/admin.js', action, email], {
    env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' },
  });
}

/** The authenticator key of each member who set one up here, by email (lower case). */
const authenticatorKeys = new Map<string, Buffer>();

/**
 * Sets up the member's second factor through the real endpoints, as the dashboard page does
 * (sign in, enable with the password, confirm with a first code), and keeps its key, so that
 * `signIn` can answer the code step (issue 25).
 */
export async function setUpSecondFactor(email: string, password = PASSWORD): Promise<Buffer> {
  const site = baseUrl();
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${site}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site, cookie },
      body: JSON.stringify(body),
    });
  const signedIn = await post('/sign-in/email', { email, password });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const enabled = await post('/two-factor/enable', { password }, cookie);
  if (!enabled.ok) throw new Error(`2FA enable failed: ${enabled.status} ${await enabled.text()}`);
  const key = keyOfUri(((await enabled.json()) as { totpURI: string }).totpURI);
  const verified = await post('/two-factor/verify-totp', { code: totp(key) }, cookie);
  if (!verified.ok) throw new Error(`2FA setup failed: ${verified.status}`);
  authenticatorKeys.set(email.toLowerCase(), key);
  return key;
}

/**
 * Makes the member an admin, with the second factor every admin needs before admin work
 * (issue 25); `{ secondFactor: false }` leaves them an admin who still has to set it up.
 */
export async function promoteToAdmin(
  email: string,
  { secondFactor = true }: { secondFactor?: boolean } = {},
): Promise<void> {
  await adminCli('promote', email);
  if (secondFactor && !authenticatorKeys.has(email.toLowerCase())) await setUpSecondFactor(email);
}

/** Makes the member (admin or volunteer) a plain donor again, behind the browser's back. */
export const demoteToDonor = (email: string) => adminCli('demote', email);

/** Signs the browser context in through the API (the login form has its own test). */
export async function signIn(context: BrowserContext, member: Member): Promise<void> {
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { origin: baseUrl() },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  if (((await res.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect !== true) return;
  // The code step (issue 25), with the key kept when the second factor was set up here.
  const key = authenticatorKeys.get(member.email.toLowerCase());
  if (!key) throw new Error(`${member.email} has a second factor this test does not know`);
  const code = await context.request.post('/api/auth/two-factor/verify-totp', {
    data: { code: totp(key) },
    headers: { origin: baseUrl() },
  });
  if (!code.ok()) throw new Error(`sign-in code failed: ${code.status()} ${await code.text()}`);
}

/**
 * The card of `recipient`'s request on the public list, paging on until it shows. The list puts
 * critical and urgent requests first (issue 27), so a scheduled request a test made may be on
 * page 2 after other specs' urgent ones (CI, stop 35); a reader pages on too. `path` is the list's
 * address with any query; `page=` is added.
 */
export async function publicCard(page: Page, recipient: string, path = '/blood-donation-request') {
  for (let n = 1; n <= 20; n++) {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}page=${n}`);
    // The cards come with the list's answer; every page up to the request's has some.
    await page.locator('main li article').first().waitFor();
    const card = page.locator('article, li').filter({ hasText: recipient }).first();
    if ((await card.count()) > 0) return card;
  }
  throw new Error(`${recipient} is on none of the first 20 pages of ${path}`);
}

/**
 * Calls the API as the page's user (its cookies, our Origin); fails the test on an error answer.
 * `T` is the answer's shape as the caller reads it.
 */
export async function callApi<T = Record<string, unknown>>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await page.context().request.fetch(path, {
    method,
    data,
    headers: { origin: baseUrl() },
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/**
 * Shows a signed-in member's page in Bangla, as the app decides it: on a page opened signed in
 * the account's language wins over this browser's (web/features/users/language.api.ts). So the
 * account's is set, then the browser's, and the page is loaded again. Setting only the browser's
 * raced the account's answer: Bangla was drawn, then English again, and a loaded CI machine
 * never showed the Bangla (stop 36).
 */
export async function reloadInBangla(page: Page): Promise<void> {
  const saved = await page.context().request.put('/api/users/me/language', {
    data: { language: 'bn' },
    headers: { origin: baseUrl() },
  });
  if (saved.status() !== 204) throw new Error(`language not saved: ${saved.status()}`);
  await page.evaluate(() => localStorage.setItem('redhope.lang', 'bn'));
  await page.reload();
}
