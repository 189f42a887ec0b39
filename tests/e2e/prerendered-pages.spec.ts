import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../../common/early-taps.ts';
import { setupBrowser } from './browser.ts';
import { holdAppCode } from './hold-app-code.ts';
import { baseUrl } from './site.ts';

const browser = setupBrowser();

/** The page as the server sends it, before any JavaScript. */
async function html(pathname: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${baseUrl()}${pathname}`, { headers });
  expect(res.status).toBe(200);
  return res.text();
}

/**
 * #root as lines, one an element (its attributes, and "(new)" unless marked as sent) or a run
 * of text. Adjacent text nodes read as one (the build's HTML joins what the app keeps apart);
 * styles, option values and selection are read as the browser holds them, not as written; the
 * typewriter's text, which changes by itself, is left out. React's `useId` names (`_R_9_` in a
 * prerendered or hydrated page, `_r_0_` in one drawn afresh: React numbers them apart on purpose)
 * read as `useId-1`, `useId-2`… in order of first appearance, so an id and what points at it
 * (aria-controls, aria-labelledby) must still agree.
 */
function snapshot(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines: string[] = [];
    const ids = new Map<string, string>();
    const named = (value: string) =>
      value.replace(/_[rR]_[0-9a-z]+_/g, (id) => {
        if (!ids.has(id)) ids.set(id, `useId-${ids.size + 1}`);
        return ids.get(id) ?? id;
      });
    const walk = (node: Node) => {
      for (const child of node.childNodes) {
        if (child instanceof HTMLElement) {
          if (child.matches('h1 [aria-hidden="true"]')) {
            lines.push('(typewriter)');
            continue;
          }
          const attributes = [...child.attributes]
            .filter((a) => a.name !== 'data-sent' && a.name !== 'style')
            .filter(
              (a) => !(child instanceof HTMLOptionElement && /^(value|selected)$/.test(a.name)),
            )
            .map((a) => `${a.name}="${named(a.value)}"`);
          if (child.style.cssText) attributes.push(`style="${child.style.cssText}"`);
          if (child instanceof HTMLOptionElement) {
            attributes.push(`value="${child.value}"`, `selected=${child.selected}`);
          }
          const mark = child.hasAttribute('data-sent') ? '' : ' (new)';
          lines.push(`<${child.tagName.toLowerCase()} ${attributes.sort().join(' ')}>${mark}`);
          walk(child);
        } else if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) {
          const text = child.textContent.trim();
          const last = lines.length - 1;
          if (lines[last]?.startsWith('#')) lines[last] += text;
          else lines.push(`#${text}`);
        }
      }
    };
    const root = document.getElementById('root');
    if (root) walk(root);
    return lines;
  });
}

describe('prerendered public pages', () => {
  it('arrive with their content, title and description already in the HTML', async () => {
    const home = await html('/');
    expect(home).toContain('data-prerendered-path="/"');
    expect(home).toContain('RedHope connects people who need blood with willing donors nearby.');
    expect(home).toContain('Frequently Asked Questions');
    expect(home).toContain('<title>RedHope</title>');

    const pages = {
      '/blood-donation-request': 'Blood Donation Requests · RedHope',
      '/search-donor': 'Search donor · RedHope',
      '/blogs': 'Blogs · RedHope',
      '/privacy': 'Privacy notice · RedHope',
    };
    for (const [pathname, title] of Object.entries(pages)) {
      const page = await html(pathname);
      expect(page, pathname).toContain(`data-prerendered-path="${pathname}"`);
      expect(page, pathname).toContain(`<title>${title}</title>`);
      expect(page, pathname).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(page, pathname).toContain('<h1');
    }
    // In Bangla for a reader who chose it (issue 30): words, title and description.
    const blogs = await html('/blogs', { cookie: 'redhope.lang=bn' });
    expect(blogs).toContain('<html lang="bn">');
    expect(blogs).toContain('<title>ব্লগ · RedHope</title>');
    expect(blogs).toMatch(/<meta name="description" content="RedHope কমিউনিটির[^"]+"/);
    // No page carries an inline script but the early-taps one, which the CSP allows by its hash
    // (server/lib/security-headers.ts): any other the CSP would refuse.
    for (const page of [
      home,
      ...(await Promise.all(Object.keys(pages).map((pathname) => html(pathname)))),
    ]) {
      const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((found) => found[1]);
      expect(inline).toEqual([EARLY_TAPS_SCRIPT]);
      const others = page.match(/<script\b[^>]+>/g) ?? [];
      expect(others.every((tag) => / src="/.test(tag))).toBe(true);
    }
  });

  it('leaves every other address to the app, with the navigation and a loading state to start from (issue 30 item 3)', async () => {
    for (const pathname of ['/dashboard/profile', '/login', '/no-such-page']) {
      const page = await html(pathname);
      expect(page, pathname).toContain('<div id="root">');
      expect(page, pathname).toContain('Loading this page…');
      expect(page, pathname).toContain('href="/blood-donation-request"');
      expect(page, pathname).not.toContain('data-prerendered-path');
      // No menu button that would do nothing until the app is live; sign-in has no navigation.
      expect(page, pathname).not.toContain('aria-label="Open menu"');
      expect(page.includes('aria-label="Main"'), pathname).toBe(pathname !== '/login');
    }
    const bangla = await html('/dashboard?lang=bn');
    expect(bangla).toContain('<html lang="bn">');
    expect(bangla).toContain('পেজটি লোড হচ্ছে…');
    expect(bangla).not.toContain('Loading this page…');
  });

  it('is taken over by the app as it is, not drawn again, and then works', async () => {
    const page = await browser.newPage();
    // Hold the scripts until the page as sent has been marked, so the mark tells whether the
    // app kept the server's elements (hydrated) or replaced them.
    const release = await holdAppCode(page);
    const session = page.waitForResponse((res) => res.url().endsWith('/api/auth/get-session'));
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#root h1').waitFor();
    // Before any script, the headline shows its first phrase, not a blank (issue 30 item 3).
    expect(await page.locator('#root h1 [aria-hidden="true"]').textContent()).toBe(
      'Donate Blood, Save Lives',
    );
    await page.evaluate(() => {
      document.querySelector('#root h1')?.setAttribute('data-marked', 'sent');
    });
    release();
    // The app has run its effects (it asks for the session) once it has taken the page.
    await session;
    expect(await page.locator('h1[data-marked="sent"]').count()).toBe(1);

    const firstQuestion = page.getByRole('button', { name: /free/i });
    expect(await firstQuestion.getAttribute('aria-expanded')).toBe('true');
    await firstQuestion.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('#root section[aria-labelledby="faq-title"] button')
          ?.getAttribute('aria-expanded') === 'false',
    );
    await page.context().close();
  });

  // React's production build leaves an attribute that differs from its own render as it was
  // sent, and says nothing (only a development build warns): this compares them.
  it('is taken over element for element, and matches what the browser draws itself', async () => {
    for (const pathname of [
      '/',
      '/blood-donation-request',
      '/search-donor',
      '/blogs',
      '/privacy',
    ]) {
      // No answers from the API: the app stays at its first render, the one the build drew. The
      // service worker is blocked: it would fetch the public lists past page.route.
      const page = await browser.newPage({ serviceWorkers: 'block' });
      await page.route('**/api/**', () => {});
      const release = await holdAppCode(page);
      // The app asks for the session in an effect, so once it has taken the page over.
      const asked = page.waitForRequest((req) => req.url().endsWith('/api/auth/get-session'));
      await page.goto(pathname, { waitUntil: 'commit' });
      await page.locator('#root h1').waitFor();
      await page.evaluate(() => {
        for (const element of document.querySelectorAll('#root *')) {
          element.setAttribute('data-sent', '');
        }
      });
      const sent = await snapshot(page);
      release();
      await asked;
      expect(await snapshot(page), pathname).toEqual(sent);

      // A query makes the app draw the page afresh instead (web/routes/prerendered.ts).
      await page.goto(`${pathname}?fresh`, { waitUntil: 'commit' });
      const drawn = page.waitForRequest((req) => req.url().endsWith('/api/auth/get-session'));
      await page.locator('#root h1').waitFor();
      await drawn;
      const fresh = (await snapshot(page)).map((line) => line.replace(/ \(new\)$/, ''));
      expect(fresh, pathname).toEqual(sent);
      await page.context().close();
    }
  });

  it('holds still for a visitor who asks for less motion, without a mismatch', async () => {
    const page = await browser.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    // The prerendered page has the typewriter (built without a browser); once the app has taken
    // it over, the phrase is plain text with no typewriter left to move it, so it holds still.
    const phrase = page.locator('h1 [aria-hidden="true"]');
    await expect
      .poll(
        () =>
          phrase.evaluate((span) => ({ text: span.textContent, moving: span.children.length > 0 })),
        {
          timeout: 10_000,
        },
      )
      .toEqual({ text: 'Donate Blood, Save Lives', moving: false });
    expect(await phrase.textContent()).toBe('Donate Blood, Save Lives');
    await page.context().close();
  });
});
