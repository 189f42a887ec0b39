import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { promoteToAdmin, registerMember, signIn } from './fixtures.ts';
import { dataDir } from './site.ts';

// Issue 25 in the browser: an admin finds an email the outbox gave up on and sends it again.

const browser = setupBrowser();

/**
 * An email the outbox gave up on, written straight into the e2e server's database: the app only
 * gives one up after a day of a mail server's outage (server/features/outbox/outbox.test.ts
 * shows that on a moved clock), which a browser test cannot wait for.
 */
function failedEmail(to: string, subject: string) {
  const db = new BetterSqlite3(path.join(dataDir(), 'redhope.sqlite'));
  db.pragma('busy_timeout = 5000');
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  db.prepare(
    `insert into job (id, kind, payload, runAt, status, attempts, lastError, createdAt, updatedAt)
     values (?, 'email', ?, ?, 'failed', 31, 'connect ECONNREFUSED 127.0.0.1:25', ?, ?)`,
  ).run(
    id,
    JSON.stringify({ to, subject, text: 'Hello', requestId: null, onlyWhilePending: false }),
    at,
    at,
    at,
  );
  db.close();
  return id;
}

describe('failed emails (issue 25)', () => {
  it('an admin sees a failed email and resends it; it leaves the list', async () => {
    const stamp = Date.now().toString(36);
    const admin = await registerMember({ name: `Admin ${stamp}` });
    await promoteToAdmin(admin.email);
    const recipient = await registerMember({ name: `Reader ${stamp}` });
    const subject = `You can donate blood again ${stamp}`;
    failedEmail(recipient.email, subject);

    const page = await browser.newPage();
    await signIn(page.context(), admin);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Failed Emails' }).first().click();
    await page.getByRole('heading', { name: 'Failed Emails', level: 1 }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: subject });
    await item.waitFor();
    expect(await item.textContent()).toContain(recipient.email);
    expect(await item.textContent()).toContain('ECONNREFUSED');

    await item.getByRole('button', { name: `Resend to ${recipient.email}` }).click();
    await page.getByText('The email will be sent again now.').waitFor();
    await item.waitFor({ state: 'detached' });

    // The audit log says who sent it again.
    await page.goto('/dashboard/audit-log');
    await page
      .getByRole('listitem')
      .filter({ hasText: recipient.email })
      .getByText('Email sent again')
      .first()
      .waitFor();
    await page.context().close();
  });
});
