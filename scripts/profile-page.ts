/**
 * What a public page's long tasks are made of (docs/performance-web.md): loads pages of the built
 * app in Debian's Chromium at Lighthouse's 4× CPU slowdown (real throttling, through CDP), records
 * a trace with V8's sampling profiler, and prints each main-thread task of 30 ms or more with the
 * functions its time went to (self and inclusive), then a summary line a run:
 *   - blocking after FCP: the sum of (task − 50 ms) over the tasks after first paint, as TBT;
 *   - answer-drawing task: the task in which react-query hands the list's answer to the page
 *     (its notify timer, from the chunk holding query-core) and the cards are drawn.
 * The figures move with the machine's load (note `uptime` with them); the attribution does not.
 *
 *   npx tsx scripts/profile-page.ts [--runs N] [--quiet] [--root DIR] [--save PREFIX] [PATH…]
 *
 * It starts `DIR/dist/server/index.js` (default: this build) on a seeded temporary database, as
 * scripts/lighthouse.ts does, so two builds can be compared in turn. Names are the build's
 * (minified); `npx vite build --minify false` before it gives readable ones.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM, startBuiltServer } from './built-server.ts';
import { seedDemo } from './lighthouse-seed.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '1' },
    save: { type: 'string' },
    root: { type: 'string', default: '.' },
    quiet: { type: 'boolean', default: false },
  },
});

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

/** Trace events worth naming inside a long task. */
const NAMED_EVENTS = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Commit',
  'MinorGC',
  'MajorGC',
]);

const ms = (microseconds: number) => (microseconds / 1000).toFixed(0);

function analyse(events: TraceEvent[]): number {
  // The page's renderer: the CrRendererMain thread with the most task time.
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const taskTime = (thread: TraceEvent) =>
    events
      .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => taskTime(b) - taskTime(a))[0];
  if (!main) throw new Error('No renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= 30_000)
    .sort((a, b) => a.ts - b.ts);

  // The sampling profiler's samples, on the trace's clock.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.pid === main.pid && e.name === 'Profile') {
      clock.set(e.id ?? '', e.args?.data?.startTime ?? e.ts);
    }
  }
  for (const e of events) {
    if (e.pid !== main.pid || e.name !== 'ProfileChunk') continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let ts = clock.get(e.id ?? '') ?? 0;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
    clock.set(e.id ?? '', ts);
  }
  samples.sort((a, b) => a.ts - b.ts);
  const first = samples[0]?.ts ?? 0;
  const last = samples.at(-1)?.ts ?? 0;
  const interval = samples.length > 1 ? (last - first) / samples.length : 0;
  const label = ({ callFrame: f }: ProfileNode) =>
    `${f.functionName || '(anon)'} ${f.url?.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;

  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  const after = tasks.filter((t) => !fcp || t.ts + (t.dur ?? 0) > fcp.ts);
  const blocking = after.reduce((sum, t) => sum + Math.max(0, (t.dur ?? 0) / 1000 - 50), 0);
  console.log(
    `SUMMARY blocking after FCP ${blocking.toFixed(0)} ms; tasks after FCP: ${after.map((t) => ms(t.dur ?? 0)).join(' ')}`,
  );
  const notify = onMain.filter(
    (e) => e.name === 'FunctionCall' && String(e.args?.data?.url ?? '').includes('removable'),
  );
  const drawing = tasks.filter((t) =>
    notify.some((n) => n.ts >= t.ts && n.ts < t.ts + (t.dur ?? 0)),
  );
  console.log(
    `SUMMARY answer-drawing task: ${drawing.map((t) => `${ms(t.dur ?? 0)} ms`).join(', ') || 'none ≥ 30 ms'}`,
  );
  if (values.quiet) return blocking;

  const start = tasks[0]?.ts ?? 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    for (const sample of inTask) {
      let node = nodes.get(sample.node);
      if (!node) continue;
      self.set(label(node), (self.get(label(node)) ?? 0) + 1);
      const seen = new Set<string>();
      while (node) {
        const name = label(node);
        if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
        seen.add(name);
        node = node.parent === undefined ? undefined : nodes.get(node.parent);
      }
    }
    const inside = onMain
      .filter(
        (e) => NAMED_EVENTS.has(e.name) && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 2000,
      )
      .map((e) => {
        const what = e.args?.data?.url?.split('/').pop() ?? e.args?.data?.functionName;
        return `${e.name}${what ? `(${what})` : ''} ${ms(e.dur ?? 0)}`;
      });
    const sampled = (count: number) => ((count * interval) / 1000).toFixed(1).padStart(7);
    console.log(`\n=== task at ${ms(task.ts - start)} ms: ${ms(task.dur ?? 0)} ms`);
    console.log(`  events: ${inside.slice(0, 25).join(' | ')}`);
    console.log('  self:');
    for (const [name, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      console.log(`    ${sampled(count)} ms  ${name}`);
    }
    console.log('  inclusive:');
    for (const [name, count] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(`    ${sampled(count)} ms  ${name}`);
    }
  }
  return blocking;
}

const { url, stop } = await startBuiltServer({ root: values.root });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  await seedDemo(url);
  for (const pagePath of positionals.length ? positionals : ['/blood-donation-request']) {
    const blocking: number[] = [];
    for (let run = 1; run <= Number(values.runs); run++) {
      // Lighthouse's mobile screen; no service worker (every run a first visit).
      const context = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 412, height: 823 },
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'loading',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
      await page.goto(`${url}${pagePath}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1500);
      const buffer = await browser.stopTracing();
      if (values.save) {
        fs.writeFileSync(`${values.save}${pagePath.replace(/\W+/g, '_')}-${run}.json`, buffer);
      }
      console.log(`\n######## ${pagePath}, run ${run}`);
      const trace = JSON.parse(buffer.toString()) as { traceEvents?: TraceEvent[] } | TraceEvent[];
      blocking.push(analyse(Array.isArray(trace) ? trace : (trace.traceEvents ?? [])));
      await context.close();
    }
    const sorted = [...blocking].sort((a, b) => a - b);
    console.log(
      `MEDIAN ${pagePath}: blocking after FCP ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms (runs: ${blocking.map((b) => b.toFixed(0)).join(', ')})`,
    );
  }
} finally {
  await browser.close();
  await stop();
}
