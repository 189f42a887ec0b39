import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';
import { registerMember } from './fixtures.ts';

const browser = setupBrowser();

describe('Bangla text', () => {
  it('gets our Bengali font only on a page that shows Bangla, from our own server', async () => {
    await registerMember({
      name: 'রহিম উদ্দিন',
      bloodGroup: 'B-',
      division: 'Rangpur',
      district: 'Kurigram',
    });
    const page = await browser.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([]);

    await page.goto('/search-donor?bloodGroup=B-&division=Rangpur&district=Kurigram&page=1');
    await page.getByText('রহিম উদ্দিন').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.length).toBeGreaterThan(0);
    const origin = new URL(page.url()).origin;
    for (const font of fonts) expect(font.startsWith(`${origin}/assets/`)).toBe(true);
    // The name is drawn with it (not as empty boxes on a phone without a Bengali font).
    const loaded = await page.evaluate(() =>
      [...document.fonts].some((f) => f.family.includes('RedHope Bangla') && f.status === 'loaded'),
    );
    expect(loaded).toBe(true);
    await page.context().close();
  });
});
