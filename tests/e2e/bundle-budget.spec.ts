import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChunkReport } from '../../scripts/vite-chunk-report.ts';

/**
 * The home page's first load: the JavaScript its HTML makes the browser fetch before anything
 * runs (the entry script and the modules it imports statically), measured as the server sends
 * it (the build's .gz files). Reads the build `npm run test:e2e` has just made, so it cannot be
 * noisy: the same build always gives the same figures.
 *
 * Issue 10 asks for at most 90 KB. That is below what React 19 and React Router 7 weigh alone
 * (about 96 KB gzip for a minimal app with a data router: docs/performance-web.md), so the
 * budget holds the line where the app stands now instead; anything new on every page's first
 * load has to be paid for elsewhere, or loaded when used.
 *
 * Raised from 150 to 152 when matching and trust landed: their UI strings ride in en.json, which
 * the first load carries whole (5.3 KB gzip before them, 8.3 KB after). Loading the strings of
 * signed-in screens with those screens is the way back under 150 (not done yet).
 */
const FIRST_LOAD_BUDGET_KB = 152;

const WEB = path.resolve('dist/web');

function firstLoad() {
  const chunks: ChunkReport[] = JSON.parse(fs.readFileSync('dist/web-chunks.json', 'utf8'));
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
  // What the page itself names: its module script and the modules Vite preloads beside it.
  const named = [
    ...html.matchAll(
      /<script[^>]+src="\/([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? '');
  // And everything those import statically, in case the page leaves a preload out.
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const file of named) visit(file);
  return [...files].map((file) => {
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`${file} is named by index.html but not in the build's report`);
    return { ...chunk, gzipBytes: fs.statSync(path.join(WEB, `${file}.gz`)).size };
  });
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

describe('the home page first load', () => {
  it(`is at most ${FIRST_LOAD_BUDGET_KB} KB of gzip JavaScript`, () => {
    const chunks = firstLoad();
    const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    const breakdown = chunks.map((chunk) => `${chunk.file} ${kb(chunk.gzipBytes)} KB`).join(', ');
    expect(chunks.some((chunk) => chunk.isEntry)).toBe(true);
    expect(kb(total), `first load: ${breakdown}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });

  it('carries no dashboard code and nothing the app loads on demand', () => {
    const chunks = firstLoad();
    const modules = chunks.flatMap((chunk) => chunk.modules);
    expect(modules.filter((module) => module.startsWith('web/features/dashboard/'))).toEqual([]);
    // A lazy page, the dialog library, the form libraries and the contract's zod schemas each
    // come as their own chunk; none of those may be pulled into the first load.
    const onDemand = firstLoadChunksThatAreLazy(chunks);
    expect(onDemand).toEqual([]);
    for (const library of ['sweetalert2', 'react-hook-form', '@hookform/resolvers']) {
      expect(modules.filter((module) => module.includes(`node_modules/${library}/`))).toEqual([]);
    }
    expect(modules.filter((module) => module.startsWith('common/contract/'))).toEqual([]);
  });
});

function firstLoadChunksThatAreLazy(chunks: ChunkReport[]): string[] {
  return chunks.flatMap((chunk) => (chunk.dynamicEntryOf ? [chunk.dynamicEntryOf] : []));
}
