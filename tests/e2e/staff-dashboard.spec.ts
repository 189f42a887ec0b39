import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import bnLists from '../../web/locales/bn.lists.json';
import bnScreens from '../../web/locales/bn.screens.json';
import enLists from '../../web/locales/en.lists.json';
import enScreens from '../../web/locales/en.screens.json';
import { axeViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import { callApi, promoteToAdmin, registerMember, signIn } from './fixtures.ts';
import { DESKTOP, layoutProblems, PHONE } from './layout-check.ts';
import { dataDir } from './site.ts';

// Issue 29: the admin and volunteer home gains the last 30 days' outcome charts and the requests
// open longer than their urgency allows (critical 1 h), each linking to its page, in English and
// Bangla, on a phone and a desktop.

const browser = setupBrowser();

async function memberPage() {
  const member = await registerMember();
  const page = await browser.newPage();
  await signIn(page.context(), member);
  return { member, page };
}

const call = callApi<{ insertedId?: string }>;

/** The e2e server's database, for what a browser test cannot wait for (time) or do (roles). */
function database() {
  const db = new BetterSqlite3(path.join(dataDir(), 'redhope.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

const form = (recipientName: string, extra: Record<string, unknown> = {}) => ({
  recipientName,
  bloodGroup: 'AB-',
  division: 'Khulna',
  district: 'Khulna',
  hospitalName: 'Khulna Medical College Hospital',
  fullAddress: 'KDA Avenue, Khulna',
  donationDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
  donationTime: '10:00',
  requestMessage: 'Needed for surgery.',
  ...extra,
});

describe('the staff home (issue 29)', () => {
  it('shows the last 30 days in charts and a request waiting too long, linked, in both languages, on a phone and a desktop', async () => {
    const stamp = Date.now().toString(36);
    const requester = await memberPage();
    const donor = await memberPage();
    // Six requests served today: a day with a figure to draw.
    for (let i = 0; i < 6; i++) {
      const { insertedId } = await call(
        requester.page,
        'POST',
        '/api/donation-request',
        form(`Served ${i} ${stamp}`),
      );
      await call(donor.page, 'PATCH', `/api/donation-request/${insertedId}`, {
        status: 'inprogress',
      });
      await call(requester.page, 'PATCH', `/api/donation-request/${insertedId}`, {
        status: 'done',
      });
    }
    // A critical request nobody has answered, posted (as the database says) 3 hours ago.
    const { insertedId: waiting } = await call(
      requester.page,
      'POST',
      '/api/donation-request',
      form(`Waiting ${stamp}`, { urgency: 'critical', bags: 2 }),
    );
    const db = database();
    db.prepare('update "donationRequest" set "createdAt" = ? where id = ?').run(
      new Date(Date.now() - 3 * 3_600_000).toISOString(),
      waiting,
    );
    const volunteer = await registerMember({ name: `Volunteer ${stamp}` });
    db.prepare(`update "user" set role = 'volunteer' where id = ?`).run(volunteer.id);
    db.close();
    await requester.page.close();
    await donor.page.close();

    for (const [lang, screens, lists] of [
      ['en', enScreens, enLists],
      ['bn', bnScreens, bnLists],
    ] as const) {
      for (const size of [PHONE, DESKTOP]) {
        const where = `${lang} ${size.width}`;
        const page = await browser.newPage();
        await signIn(page.context(), volunteer);
        await page.setViewportSize(size);
        await page.goto(lang === 'bn' ? '/dashboard?lang=bn' : '/dashboard');
        const home = screens.dashboardHome;
        // The SPEC tiles stay.
        await page.getByText(home.users, { exact: true }).first().waitFor();
        // The waiting request: its row links to its page and says what it needs.
        const overdue = page.getByRole('region', { name: home.overdue.title });
        const link = overdue.getByRole('link', { name: /^AB-/ }).first();
        await link.waitFor();
        const row = overdue.getByRole('row').filter({
          has: page.locator(`a[href="/blood-donation-request/${waiting}"]`),
        });
        expect(await row.count(), where).toBe(1);
        const text = (await row.textContent()) ?? '';
        expect(text, where).toContain(lists.requests.urgency.critical);
        expect(text, where).toContain(lists.requests.component.whole_blood);
        expect(text, where).toContain('Khulna Medical College Hospital');
        expect(text, where).toContain(lang === 'bn' ? '২টির মধ্যে ০টি' : '0 of 2');
        expect(text, where).toContain(lang === 'bn' ? '৩ ঘণ্টা' : '3 h');
        // The rule is said in the page's words.
        await overdue
          .getByText(lang === 'bn' ? 'অতি জরুরি ১ ঘণ্টা' : 'critical 1 h', { exact: false })
          .waitFor();
        // The last 30 days: three charts, each an image whose text alternative names its days.
        const last30 = page.getByRole('region', { name: home.last30.title });
        await last30.getByRole('img', { name: new RegExp(`^${home.last30.bags}`) }).waitFor();
        const names = await last30
          .getByRole('img')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
        expect(names.filter((name) => name.includes(':')).length, where).toBe(3);
        // Today's bar of bags donated has a figure: 6 requests, 6 bags (withheld days say so).
        const bags = names.find((name) => name.startsWith(home.last30.bags)) ?? '';
        expect(bags, where).toContain(lang === 'bn' ? '৬' : '6');
        expect(bags, where).toContain(screens.impact.suppressed);
        expect(await layoutProblems(page), where).toEqual([]);
        expect(await axeViolations(page), where).toEqual([]);
        if (lang === 'en' && size === DESKTOP) {
          await link.click();
          await page.waitForURL(/\/blood-donation-request\/[0-9a-f-]+$/);
          expect(page.url()).toContain(String(waiting));
        }
        await page.close();
      }
    }
  });

  it('shows an admin the same list', async () => {
    const admin = await registerMember({ name: `Admin ${Date.now().toString(36)}` });
    await promoteToAdmin(admin.email);
    const page = await browser.newPage();
    await signIn(page.context(), admin);
    await page.goto('/dashboard');
    const overdue = page.getByRole('region', { name: enScreens.dashboardHome.overdue.title });
    await overdue.getByRole('link', { name: /^AB-/ }).first().waitFor();
    await page
      .getByRole('region', { name: enScreens.dashboardHome.last30.title })
      .getByRole('img')
      .first()
      .waitFor();
    await page.close();
  });
});
