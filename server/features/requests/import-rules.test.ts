import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 26: a donation request's whole life is this folder (server/features/requests, and
// web/features/requests in the browser). Other features depend on it in one direction: trust
// (reports, verification) and notifications (its one subscriber, which reads RequestEvent from
// request-events.ts here) import from requests, never the other way. Before, requests imported
// trust's lifecycle repository and notifications' events, and both imported requests back.
// SQL is written only in repositories: the sweep's statements and the notification handlers'
// used to sit beside their logic.

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every source file under `dir` (relative to the repository), tests included. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** What `file` imports (static, dynamic and re-exports), resolved relative to the repository. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
  ].map((match) => match[1] as string);
  return specifiers
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
}

/** `file → import` for every import of a file under `from` that lands under `into`. */
function crossings(from: string, into: string) {
  return sourceFiles(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith(`${into}/`))
      .map((target) => `${file} → ${target}`),
  );
}

describe('the request lifecycle module (issue 26)', () => {
  it('server/features/requests imports nothing from trust', () => {
    expect(crossings('server/features/requests', 'server/features/trust')).toEqual([]);
  });

  it('server/features/requests imports nothing from notifications (it owns RequestEvent)', () => {
    expect(crossings('server/features/requests', 'server/features/notifications')).toEqual([]);
  });

  it('web/features/requests imports nothing from web trust or notifications', () => {
    expect([
      ...crossings('web/features/requests', 'web/features/trust'),
      ...crossings('web/features/requests', 'web/features/notifications'),
    ]).toEqual([]);
  });

  it('the one door: nothing but request-events.ts writes a request event', () => {
    const writers = ['server', 'web', 'common']
      .flatMap(sourceFiles)
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => /\benqueue\([^)]*requestEventKind/.test(readFile(file)));
    expect(writers).toEqual(['server/features/requests/request-events.ts']);
  });

  it('writes SQL only in repositories (and test helpers) in requests, trust and notifications', () => {
    const sqlOutside = ['requests', 'trust', 'notifications']
      .flatMap((name) => sourceFiles(`server/features/${name}`))
      .filter((file) => !/(\.repository|\.test|-world)\.ts$/.test(file))
      .filter((file) =>
        /\.(selectFrom|updateTable|insertInto|deleteFrom)\(|\bsql`/.test(readFile(file)),
      );
    expect(sqlOutside).toEqual([]);
  });
});

function readFile(file: string) {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}
