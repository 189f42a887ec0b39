import type { TestProject } from 'vitest/node';
import { startE2eServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/**
 * Starts the real built server on its own temporary SQLite database and a free port, for the
 * browser tests (email off: no SMTP_URL); stops it with SIGTERM afterwards.
 */
export default async function setup(project: TestProject) {
  const server = await startE2eServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
