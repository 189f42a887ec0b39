/**
 * Build step after the prerender: writes dist/web/sw.js (web/sw/sw.ts) with this build's list of
 * files to keep for offline use and a version made from their contents, so that any change to
 * them makes a new service worker that takes over (docs/decisions/022-offline-public-pages.md).
 *
 * Kept at install: the public pages and the app shell, the manifest and icons, the styles and
 * fonts, and the JavaScript the public pages run (the entry, the pages' lazy chunks, the
 * strings, and everything they import), read from dist/web-chunks.json. No dashboard code.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { compressFile } from './vite-precompress.ts';

const WEB = path.resolve('dist/web');

interface Chunk {
  file: string;
  isEntry: boolean;
  dynamicEntryOf: string | null;
  imports: string[];
}

/** The lazy modules the public pages load at once (web/routes/router.tsx, web/lib/i18n.ts). */
const PUBLIC_LAZY = [
  /^web\/features\/requests\/pending-requests-page\.tsx$/,
  /^web\/features\/blogs\/blogs-page\.tsx$/,
  /^web\/features\/search\/search-donor-page\.tsx$/,
  /^web\/features\/contact\/contact-form\.tsx$/,
  /^web\/locales\//,
  // Loaded with bn.json when Bangla is chosen (setLanguage): without it a reader who chose Bangla
  // gets English offline (issue 25). About 10 KB as sent.
  /^common\/geo\/bangladesh-geo\.json$/,
  // What a page that cannot open offline shows instead (web/components/offline-page.tsx).
  /^web\/components\/offline-message\.tsx$/,
];

const chunks = JSON.parse(fs.readFileSync(path.resolve('dist/web-chunks.json'), 'utf8')) as Chunk[];
const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
const scripts = new Set<string>();
const add = (file: string) => {
  if (scripts.has(file)) return;
  scripts.add(file);
  for (const imported of byFile.get(file)?.imports ?? []) add(imported);
};
for (const chunk of chunks) {
  const lazy = chunk.dynamicEntryOf;
  if (chunk.isEntry || (lazy && PUBLIC_LAZY.some((pattern) => pattern.test(lazy)))) add(chunk.file);
}
const dashboard = [...scripts].filter((file) => /dashboard/i.test(file));
if (dashboard.length) throw new Error(`build-sw: dashboard code in the precache: ${dashboard}`);

const assets = fs.readdirSync(path.join(WEB, 'assets'));
const files = [
  ...[...scripts].sort(),
  ...assets.filter((file) => /\.(css|woff2)$/.test(file)).map((file) => `assets/${file}`),
];
// The sweetalert2 stylesheet comes with the first dialog, not with a page.
const precacheFiles = files.filter((file) => !file.includes('sweetalert2'));

const pages: Record<string, string> = {
  '/': 'index.html',
  '/blood-donation-request': 'blood-donation-request/index.html',
  '/blogs': 'blogs/index.html',
  '/search-donor': 'search-donor/index.html',
  '/app.html': 'app.html',
  '/manifest.webmanifest': 'manifest.webmanifest',
  '/favicon.svg': 'favicon.svg',
  '/icons/icon-192.png': 'icons/icon-192.png',
};
for (const file of [...Object.values(pages), ...precacheFiles]) {
  if (!fs.existsSync(path.join(WEB, file)))
    throw new Error(`build-sw: dist/web/${file} is missing`);
}
const precache = [...Object.keys(pages), ...precacheFiles.map((file) => `/${file}`)];

const hash = createHash('sha256');
for (const file of [...Object.values(pages), ...precacheFiles]) {
  hash.update(file);
  hash.update(fs.readFileSync(path.join(WEB, file)));
}
hash.update(fs.readFileSync(path.resolve('web/sw/sw.ts')));
hash.update(fs.readFileSync(path.resolve('web/sw/sw-rules.ts')));
const version = hash.digest('hex').slice(0, 12);

await build({
  entryPoints: ['web/sw/sw.ts'],
  outfile: path.join(WEB, 'sw.js'),
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  define: {
    __SW_VERSION__: JSON.stringify(version),
    __SW_PRECACHE__: JSON.stringify(precache),
  },
  logLevel: 'warning',
});
compressFile(path.join(WEB, 'sw.js'));
console.log(`sw.js ${version}: ${precache.length} files kept for offline use`);
