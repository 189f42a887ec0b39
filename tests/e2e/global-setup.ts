import type { TestProject } from 'vitest/node';
import { startE2eServer } from './server.ts';

/** One built server of the browser tests: its address and its data directory. */
export interface E2eSite {
  baseUrl: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sites: E2eSite[];
  }
}

/**
 * Starts one real built server per test worker (vitest.config.ts: the e2e project's
 * maxWorkers), each on its own temporary SQLite database and a free port (email off: no
 * SMTP_URL), and stops them with SIGTERM afterwards. Files run two at a time, each against its
 * worker's own server (tests/e2e/site.ts), so two files never share a database at once: a list
 * or a count one file reads is never changed under it by another running beside it.
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: count }, () => startE2eServer()));
  project.provide(
    'sites',
    servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
