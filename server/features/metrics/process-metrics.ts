import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { family, sample } from './prometheus-text.ts';

/**
 * Event-loop delay of this process. One monitor per process (it is the process's loop, however
 * many apps a test builds), started at the first scrape and reset after each one, so each scrape
 * reports the interval since the previous.
 */
let loopDelay: IntervalHistogram | undefined;

/** Memory, uptime and event-loop delay of this process. */
export function renderProcessMetrics(): string {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
  }
  const memory = process.memoryUsage();
  // The histogram is in nanoseconds; it holds nothing until the loop has turned once.
  const p99 = loopDelay.count ? loopDelay.percentile(99) / 1e9 : 0;
  const max = loopDelay.count ? loopDelay.max / 1e9 : 0;
  loopDelay.reset();
  return (
    family('process_resident_memory_bytes', 'gauge', 'Resident set size.', [
      sample('process_resident_memory_bytes', {}, memory.rss),
    ]) +
    family('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.', [
      sample('nodejs_heap_used_bytes', {}, memory.heapUsed),
    ]) +
    family('nodejs_heap_total_bytes', 'gauge', 'V8 heap reserved.', [
      sample('nodejs_heap_total_bytes', {}, memory.heapTotal),
    ]) +
    family('nodejs_external_memory_bytes', 'gauge', 'Memory held outside the V8 heap (buffers).', [
      sample('nodejs_external_memory_bytes', {}, memory.external),
    ]) +
    family('process_uptime_seconds', 'gauge', 'Seconds since the process started.', [
      sample('process_uptime_seconds', {}, Math.round(process.uptime())),
    ]) +
    family(
      'nodejs_eventloop_delay_seconds',
      'gauge',
      'Event-loop delay since the previous scrape (a busy loop delays every request).',
      [
        sample('nodejs_eventloop_delay_seconds', { quantile: '0.99' }, p99),
        sample('nodejs_eventloop_delay_seconds', { quantile: '1' }, max),
      ],
    )
  );
}
