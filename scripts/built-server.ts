import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The built server as production runs it, on a database of its own: for the browser tests
// (tests/e2e/server.ts) and the page scripts (Lighthouse, its A/B, the page profile), so that
// what they check or measure is the build.

/** Chromium's flags for the page scripts: headless, and nothing may reach out on its own. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BuiltServer {
  /** The site's address (also its PUBLIC_URL: changes from any other origin are refused). */
  url: string;
  /** Its SQLite database's folder, removed by stop(). */
  dataDir: string;
  /** Stops the server (SIGTERM) and removes its database. */
  stop: () => Promise<void>;
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `root`'s `dist/server/index.js` (production settings, the auth rate limits off: the
 * callers sign many people up from one address, and the limits have their own API tests) on a
 * new SQLite database in a temporary folder and a free port, and waits for /api/ready (30 s).
 * `env` adds to or overrides its settings. Throws with the server's output when it exits early
 * or is not ready in time, having stopped it and removed its database.
 */
export async function startBuiltServer({
  root = '.',
  env = {},
}: {
  root?: string;
  env?: Record<string, string>;
} = {}): Promise<BuiltServer> {
  if (!fs.existsSync(path.resolve(root, 'dist/web/index.html'))) {
    throw new Error(`No build in ${path.resolve(root)}: run \`npm run build\` first.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-built-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
    cwd: path.resolve(root),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGKILL'); // not ready: it may not answer SIGTERM either
  await stop();
  throw new Error(`The server did not become ready in 30 s:\n${output}`);
}
