/**
 * Build step after `vite build`: draws the public pages (web/prerender.tsx) into their own HTML,
 * so a slow phone shows the page before the JavaScript has arrived (issue 10: LCP ≤ 2 s).
 *
 *   dist/web/index.html                          the home page (what `/` serves)
 *   dist/web/<page>/index.html                   the other public pages (served at /<page>)
 *   dist/web/index.bn.html, <page>/index.bn.html the same in Bangla, for a reader who chose it
 *   dist/web/app.html, app.bn.html               for every other address: the site's navigation
 *                                                around "Loading this page…" in English and in
 *                                                Bangla (server/lib/static-web.ts picks one), which
 *                                                the app draws over once its code is here
 *   dist/web/app.bare.html, app.bare.bn.html     the same without navigation, for sign-in and
 *                                                sign-up (SPEC §2: those pages have none)
 *
 * Each with its .br and .gz. The app takes a page over as it is (hydrates) only at the address
 * it was drawn for (web/routes/prerendered.ts); elsewhere it draws afresh.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { EARLY_TAPS_SCRIPT } from '../common/early-taps.ts';
import { compressFile } from './vite-precompress.ts';

// React's production build, as the browser gets (and never two builds of React in one process).
process.env.NODE_ENV = 'production';

const WEB = path.resolve('dist/web');
const SSR_OUT = path.resolve('dist/prerender');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Replaces exactly one occurrence of `find`, or fails the build saying what is missing. */
function replaceOnce(html: string, find: RegExp, replacement: string, what: string): string {
  const matches = html.match(new RegExp(find.source, `${find.flags.replace('g', '')}g`));
  if (matches?.length !== 1) {
    throw new Error(
      `prerender: web/index.html should hold one ${what}; found ${matches?.length ?? 0}`,
    );
  }
  return html.replace(find, () => replacement);
}

const shellFile = path.join(WEB, 'index.html');
/** vite's index.html as it built it (an empty root), kept for a second run over the same dist. */
const emptyShellFile = path.resolve('dist/app-empty-shell.html');
if (!fs.existsSync(shellFile)) throw new Error('prerender: run `vite build` first (no dist/web).');
const built = fs.readFileSync(shellFile, 'utf8');
// A build run twice over the same dist/web starts from the empty shell, not from the home page.
const shell = built.includes('<div id="root"></div>')
  ? built
  : fs.readFileSync(emptyShellFile, 'utf8');
fs.writeFileSync(emptyShellFile, shell);
// Every page the build writes holds taps made before the app is live (common/early-taps.ts):
// first in <head>, so that it runs at once, before a stylesheet or script is waited for.
const template = replaceOnce(
  shell,
  /<meta charset="UTF-8" \/>/,
  `<meta charset="UTF-8" />\n    <script>${EARLY_TAPS_SCRIPT}</script>`,
  '<meta charset="UTF-8" />',
);

// With the browser build's config, drawn by react-dom/static's `prerender` (web/prerender.tsx).
await build({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'prerender.tsx',
    outDir: SSR_OUT,
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'prerender.js' } },
  },
});

const { render, renderShell, PRERENDERED_PAGES, PRERENDERED_PATH_ATTRIBUTE } = (await import(
  pathToFileURL(path.join(SSR_OUT, 'prerender.js')).href
)) as typeof import('../web/prerender.tsx');

for (const [page, descriptions] of Object.entries(PRERENDERED_PAGES)) {
  // English first: the Bangla copies fetch the Bangla strings, which English must be drawn without.
  for (const language of ['en', 'bn'] as const) {
    const { html, title } = await render(page, language);
    let doc = replaceOnce(
      template,
      /<div id="root"><\/div>/,
      `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${page}">${html}</div>`,
      'empty <div id="root"></div>',
    );
    if (title)
      doc = replaceOnce(
        doc,
        /<title>[^<]*<\/title>/,
        `<title>${escapeHtml(title)}</title>`,
        '<title>',
      );
    doc = replaceOnce(
      doc,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(descriptions[language])}" />`,
      'meta description',
    );
    doc = replaceOnce(doc, /<html lang="en">/, `<html lang="${language}">`, '<html lang="en">');
    // index.bn.html beside index.html: the server sends it to a reader who chose Bangla.
    const name = language === 'en' ? 'index.html' : 'index.bn.html';
    const file = page === '/' ? path.join(WEB, name) : path.join(WEB, page.slice(1), name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, doc);
    compressFile(file);
    console.log(
      `prerendered ${page} in ${language} (${(Buffer.byteLength(doc) / 1024).toFixed(1)} KB): ${title}`,
    );
  }
}
// Every other address (issue 30 item 3): not blank white while the code arrives. No prerendered
// path on the root: the app draws its page over this rather than taking it over. Drawn after the
// public pages, as it loads every screen's strings, which those pages must be drawn without.
for (const [language, bare, name] of [
  ['en', false, 'app.html'],
  ['bn', false, 'app.bn.html'],
  ['en', true, 'app.bare.html'],
  ['bn', true, 'app.bare.bn.html'],
] as const) {
  let doc = replaceOnce(
    template,
    /<div id="root"><\/div>/,
    `<div id="root">${await renderShell(language, bare)}</div>`,
    'empty <div id="root"></div>',
  );
  doc = replaceOnce(doc, /<html lang="en">/, `<html lang="${language}">`, '<html lang="en">');
  const file = path.join(WEB, name);
  fs.writeFileSync(file, doc);
  compressFile(file);
  console.log(
    `prerendered the loading shell ${name} (${(Buffer.byteLength(doc) / 1024).toFixed(1)} KB)`,
  );
}

fs.rmSync(SSR_OUT, { recursive: true, force: true });
