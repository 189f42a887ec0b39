import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import timings from './e2e-timings.json' with { type: 'json' };

/** Seconds a browser file took in a CI run (tests/e2e-timings.json), by its name. */
const SECONDS: Record<string, number> = timings;

/**
 * The browser files, longest first, so the two workers finish together. With no timings of its
 * own (a fresh clone, as in CI), vitest runs the largest files first. But the two page walks are
 * small files around a shared helper, so they came last: `a11y-bn.spec.ts`, 16 lines and 63 s,
 * was the last file, and one worker ran it alone. Replayed on stop 42's CI times, that order
 * ended the browser project at 406 s and this one at 376 s (decision 029). Refresh the table
 * from a CI run's per-file times when files come or change much.
 *
 * A file missing from the table runs first, as vitest runs an unknown file first. Other projects
 * keep vitest's own order. A stale table changes only the order, never what runs.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => file.project.name === 'e2e');
    const seconds = (file: TestSpecification) =>
      SECONDS[path.basename(file.moduleId)] ?? Number.POSITIVE_INFINITY;
    // Array.prototype.sort is stable: files of equal time (or two unknown: NaN, so 0) keep
    // vitest's order.
    const longestFirst = [...browser].sort((a, b) => seconds(b) - seconds(a) || 0);
    let next = 0;
    return sorted.map(
      (file) => (file.project.name === 'e2e' ? longestFirst[next++] : file) as TestSpecification,
    );
  }
}
