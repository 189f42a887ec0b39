import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The built server for the page scripts (Lighthouse, its A/B, the page profile): as production
// runs it, on a database of its own, so that what they measure is the build.

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
  url: string;
  server: ChildProcess;
  /** Stops the server and removes its database. */
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
 * Starts `root`'s `dist/server/index.js` (production settings) on a new SQLite database in a
 * temporary folder and waits for /api/ready (30 s). Throws with the server's output when it
 * exits early or is not ready in time.
 */
export async function startBuiltServer(root = '.'): Promise<BuiltServer> {
  const script = path.resolve(root, 'dist/server/index.js');
  if (!fs.existsSync(script) || !fs.existsSync(path.resolve(root, 'dist/web/index.html'))) {
    throw new Error(`No build in ${root}: run \`npm run build\` first.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-pages-'));
  const url = `http://127.0.0.1:${await freePort()}`;
  let output = '';
  const server = spawn(process.execPath, [script], {
    cwd: path.resolve(root),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: new URL(url).port,
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The scripts' seed signs a dozen donors up from one address, past the hourly limit.
      AUTH_RATE_LIMIT: 'false',
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
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, server, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The server did not become ready in 30 s:\n${output}`);
}
