import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import timings from './e2e-timings.json' with { type: 'json' };
import { LongestFirst } from './longest-first.ts';

/** A file of `project`, `size` bytes long, as vitest hands it to a sequencer. */
const spec = (project: string, file: string, size: number) =>
  ({
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } },
    moduleId: `/repo/${file}`,
    size,
  }) as unknown as TestSpecification & { size: number };

/** A fresh clone's vitest: no timings of its own, only each file's size. */
function freshVitest(files: Array<ReturnType<typeof spec>>): Vitest {
  const sizes = new Map(files.map((f) => [`${f.project.name}:${f.moduleId.slice(6)}`, f.size]));
  return {
    config: { root: '/repo' },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes.get(key) ?? 0 }),
    },
  } as unknown as Vitest;
}

/** The order the sequencer gives `files`, as `project:file name`. */
async function order(files: Array<ReturnType<typeof spec>>) {
  const sorted = await new LongestFirst(freshVitest(files)).sort(files);
  return sorted.map((f) => `${f.project.name}:${f.moduleId.split('/').pop()}`);
}

describe('the browser files run longest first (tests/longest-first.ts)', () => {
  it('puts the page walks first though their files are small, and an unknown file before all', async () => {
    const browserFiles = [
      ['walk-30.spec.ts', 40_000],
      ['bangla-font.spec.ts', 3_000],
      ['a11y-bn.spec.ts', 600],
      ['a11y.spec.ts', 8_000],
      ['brand-new.spec.ts', 100],
    ] as const;
    expect(
      await order(browserFiles.map(([name, size]) => spec('e2e', `tests/e2e/${name}`, size))),
    ).toEqual([
      'e2e:brand-new.spec.ts',
      'e2e:a11y.spec.ts',
      'e2e:walk-30.spec.ts',
      'e2e:a11y-bn.spec.ts',
      'e2e:bangla-font.spec.ts',
    ]);
  });

  it("leaves the other projects' files in vitest's own order (largest first)", async () => {
    const files = [
      spec('api-sqlite', 'server/a.test.ts', 100),
      spec('api-sqlite', 'server/b.test.ts', 900),
      spec('e2e', 'tests/e2e/bangla-font.spec.ts', 3_000),
      spec('e2e', 'tests/e2e/a11y-bn.spec.ts', 600),
    ];
    expect(await order(files)).toEqual([
      'api-sqlite:b.test.ts',
      'api-sqlite:a.test.ts',
      'e2e:a11y-bn.spec.ts',
      'e2e:bangla-font.spec.ts',
    ]);
  });

  it('lists every browser file and only those (a new one is timed and added)', async () => {
    const specs = fs.readdirSync('tests/e2e').filter((name) => name.endsWith('.spec.ts'));
    expect(Object.keys(timings).sort()).toEqual(specs.sort());
  });
});
