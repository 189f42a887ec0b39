/**
 * Two builds of the app under Lighthouse, run for run in turn (A, B, A, B …) on one page, so
 * that the machine's load, which moves TBT by 2–3× from run to run here, falls on both alike
 * (docs/performance-web.md). Each build is a directory holding `dist/` (a copy of a build) and
 * `node_modules` (a link to this checkout's); each gets its own server on a seeded database.
 *
 *   npx tsx scripts/lighthouse-ab.ts DIR_A DIR_B [--runs 7] [--page /blood-donation-request]
 *
 * Prints every run (Performance, TBT, LCP, load average, Lighthouse's long tasks with where
 * they were spent: R the chunk with react-query's core, I the entry, H the page's
 * own HTML, U unattributed, S any other script) and each build's median.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type BuiltServer, CHROME_FLAGS, CHROMIUM, startBuiltServer } from './built-server.ts';
import { seedDemo } from './lighthouse-seed.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '7' },
    page: { type: 'string', default: '/blood-donation-request' },
  },
});
if (positionals.length !== 2) throw new Error('Give two build directories (each with dist/).');
const builds = positionals.map((dir) => path.resolve(dir));

const where = (url: string) => {
  if (url.includes('removable')) return 'R';
  if (url.includes('/assets/index-')) return 'I';
  if (url === 'Unattributable') return 'U';
  return url.includes('/assets/') ? 'S' : 'H';
};

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): try again. */
async function audit(url: string, port: number): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (result && !result.lhr.runtimeError) return result.lhr;
    if (attempt >= 3) throw new Error(`${url}: no result`);
  }
}

const servers: BuiltServer[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
const scores = builds.map(() => [] as number[]);
try {
  for (const root of builds) {
    const built = await startBuiltServer({ root });
    servers.push(built);
    await seedDemo(built.url);
  }
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  for (let run = 1; run <= Number(values.runs); run++) {
    for (const [i, { url }] of servers.entries()) {
      const lhr = await audit(`${url}${values.page}`, chrome.port);
      const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
      const lcp = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
      const tasks = (
        (lhr.audits['long-tasks']?.details as { items?: { url: string; duration: number }[] })
          ?.items ?? []
      )
        .map((task) => `${Math.round(task.duration)}${where(task.url)}`)
        .join(' ');
      scores[i]?.push(performance);
      console.log(
        `${path.basename(builds[i] ?? '')} run ${run}: perf ${performance} TBT ${tbt} LCP ${lcp} load ${os.loadavg()[0]?.toFixed(1)} | ${tasks}`,
      );
    }
  }
} finally {
  await chrome?.kill();
  for (const { stop } of servers) await stop();
}
for (const [i, root] of builds.entries()) {
  const sorted = [...(scores[i] ?? [])].sort((a, b) => a - b);
  console.log(
    `${path.basename(root)}: median Performance ${sorted[Math.floor(sorted.length / 2)]} (${scores[i]?.join(', ')})`,
  );
}
