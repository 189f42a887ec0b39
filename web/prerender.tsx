import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter } from 'react-router';
import type { Language } from '../common/languages.ts';
import { App } from './app.tsx';
import { drawingShell } from './lib/drawing-shell.ts';
import { loadScreenStrings, setLanguage } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { prerenderedTitle } from './lib/use-page-title.ts';
import { AppLoading } from './routes/app-loading.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { routes } from './routes/router.tsx';

export { PRERENDERED_PATH_ATTRIBUTE } from './routes/prerendered.ts';

/**
 * The public pages drawn at build into their own HTML (scripts/prerender.ts), with what a search
 * engine shows under their title, in each language. A phone on a slow network shows them before
 * any JavaScript has arrived; the app then takes the page over as it is. The server sends the
 * Bangla copy to a reader who chose Bangla (server/lib/static-web.ts; issue 30 item 3).
 */
export const PRERENDERED_PAGES: Record<string, Record<Language, string>> = {
  '/': {
    en: 'RedHope is a community-powered platform to find, request, and donate blood safely and quickly.',
    bn: 'RedHope একটি কমিউনিটি-চালিত প্ল্যাটফর্ম: নিরাপদে ও দ্রুত রক্ত খুঁজুন, অনুরোধ করুন ও দান করুন।',
  },
  '/blood-donation-request': {
    en: 'Open blood donation requests across Bangladesh: blood group, hospital, date and time. Sign in to donate.',
    bn: 'সারা বাংলাদেশের খোলা রক্তদানের অনুরোধ: রক্তের গ্রুপ, হাসপাতাল, তারিখ ও সময়। রক্ত দিতে সাইন ইন করুন।',
  },
  '/search-donor': {
    en: 'Find blood donors in Bangladesh by blood group, division, district and upazila.',
    bn: 'রক্তের গ্রুপ, বিভাগ, জেলা ও উপজেলা দিয়ে বাংলাদেশে রক্তদাতা খুঁজুন।',
  },
  '/blogs': {
    en: 'Stories and advice about blood donation from the RedHope community.',
    bn: 'RedHope কমিউনিটির লেখা রক্তদান নিয়ে গল্প ও পরামর্শ।',
  },
  '/privacy': {
    en: 'What RedHope keeps about donors and requesters, why, who sees what, for how long, and your choices.',
    bn: 'RedHope রক্তদাতা ও অনুরোধকারীদের কী তথ্য রাখে, কেন, কে কী দেখে, কত দিন, এবং আপনার যা বেছে নেওয়ার আছে।',
  },
};

/**
 * The app's first render at `path` in `language`, exactly as the browser's first render makes it
 * (same tree, no data yet, no session known yet), and the title the page gives itself.
 */
export async function render(
  path: string,
  language: Language = 'en',
): Promise<{ html: string; title: string }> {
  if (language === 'en') return draw(routes, path);
  await setLanguage(language);
  try {
    return await draw(routes, path);
  } finally {
    await setLanguage('en');
  }
}

/**
 * The page every other address shows until its code has arrived (issue 30 item 3): the site's
 * navigation around "Loading this page…" (web/routes/app-loading.tsx), in `language`.
 */
export async function renderShell(language: Language, bare = false): Promise<string> {
  await loadScreenStrings();
  await setLanguage(language);
  drawingShell.value = true;
  try {
    const shell = [{ element: <RootLayout />, children: [{ path: '*', element: <AppLoading /> }] }];
    // Any address outside the dashboard: the bar at the public pages' width, no link marked. The
    // sign-in and sign-up pages have no navigation (SPEC §2): their loading page neither.
    return (await draw(shell, bare ? '/login' : '/loading')).html;
  } finally {
    drawingShell.value = false;
    await setLanguage('en');
  }
}

async function draw(
  routes: Parameters<typeof createStaticHandler>[0],
  path: string,
): Promise<{ html: string; title: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) {
    throw new Error(`${path} answers a redirect (${context.status}): only pages are prerendered.`);
  }
  if (context.errors) {
    throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  }
  // The browser's router takes a prerendered page over with no loader data (web/main.tsx).
  if (context.matches.some((match) => match.route.loader)) {
    throw new Error(
      `${path} has a loader: its data would have to be handed to the browser's router.`,
    );
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  prerenderedTitle.value = '';
  // One piece: React would otherwise move a large part (the home page's contact form) out to the
  // end of the HTML, with an inline script to put it back, which the CSP refuses.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  // The queries the page asked for (nothing is fetched here): gone, with their timers.
  queryClient.clear();
  if (html.includes('<script')) {
    throw new Error(`${path} renders an inline script, which the CSP would block.`);
  }
  return { html, title: prerenderedTitle.value };
}
