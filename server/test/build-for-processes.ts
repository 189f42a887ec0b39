import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the compiled server (index.js, backup.js, restore.js…) for process tests. */
    serverBuild: string;
  }
}

/**
 * Compiles the server once for a process-test project, with the production build script, so
 * each test starts plain JavaScript (about half the start-up time of the TypeScript entry
 * through tsx) and runs what production runs. The copy is the project's own and is removed after.
 */
export default async function setup(project: TestProject) {
  const outdir = path.resolve('.tmp', `server-build-${project.name}-${process.pid}`);
  await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    'scripts/build-server.ts',
    outdir,
  ]);
  project.provide('serverBuild', outdir);
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}
