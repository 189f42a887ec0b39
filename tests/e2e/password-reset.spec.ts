import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../server/test/smtp-sink.ts';
import { setupBrowser } from './browser.ts';
import { registerMember } from './fixtures.ts';
import { type E2eServer, startE2eServer } from './server.ts';

const browser = setupBrowser();

// The e2e server runs without SMTP_URL: the page must say reset is unavailable, not pretend.
describe('forgot password on a server without email', () => {
  it('the login page leads to it, and it says plainly that reset is unavailable', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page
      .getByRole('alert')
      .getByText('Password reset is unavailable: this server does not send email.', {
        exact: false,
      })
      .waitFor();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await page.context().close();
  });
});

// A second server of its own, with email on: it sends to an SMTP server on 127.0.0.1 that keeps
// what it receives, so the test reads the link from the email as the person would.
describe('forgot password on a server that sends email', () => {
  let sink: SmtpSink;
  let server: E2eServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startE2eServer({ SMTP_URL: sink.url, JOB_POLL_MS: '100' });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  /** The reset link in the email sent to `to`, once it came (the outbox sends in the background). */
  async function linkSentTo(to: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const email = sink.accepted.find((message) => message.to.includes(to));
      const link = email?.text.match(/https?:\/\/\S+\/login\/reset-password\?token=\S+/)?.[0];
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`No reset email reached ${to}.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function logIn(page: Page, email: string, password: string) {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Donor Login' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  it('emails a link that sets a new password; the old one no longer signs in', async () => {
    const member = await registerMember({}, server.baseUrl);
    const page = await browser.newPage({ site: server.baseUrl });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').waitFor();

    const link = await linkSentTo(member.email);
    expect(link.startsWith(`${server.baseUrl}/login/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const newPassword = 'N3wPassw0rd!';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed. Please log in.').waitFor();
    await page.waitForURL('**/login');

    await logIn(page, member.email, member.password);
    await page.getByText('Something went wrong. try again.').waitFor();
    await logIn(page, member.email, newPassword);
    await page.getByText("You're now logged in").waitFor();
    await page.getByRole('button', { name: /account menu/i }).waitFor();
    await page.context().close();
  });
});
