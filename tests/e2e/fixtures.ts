import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

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
  site: string = inject('baseUrl'),
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
      ...given,
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, ...fields };
}

/** Changes the member's role with the real command-line tool, on the e2e server's database. */
async function adminCli(action: 'promote' | 'demote', email: string): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', action, email], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
  });
}

/** Makes the member an admin. */
export const promoteToAdmin = (email: string) => adminCli('promote', email);

/** Makes the member (admin or volunteer) a plain donor again, behind the browser's back. */
export const demoteToDonor = (email: string) => adminCli('demote', email);

/** Signs the browser context in through the API (the login form has its own test). */
export async function signIn(context: BrowserContext, member: Member): Promise<void> {
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { origin: inject('baseUrl') },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}
