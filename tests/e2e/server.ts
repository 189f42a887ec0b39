import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

async function freePort(): Promise<number> {
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

async function waitUntilReady(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become ready in 30 s:\n${log()}`);
}

export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  /** Stops it (SIGTERM) and removes its data. */
  stop: () => Promise<void>;
}

/**
 * Starts the real built server (`dist/web` + dist/server/index.js) on its own temporary SQLite
 * database and a free port, for the browser tests. `env` adds to or overrides its settings.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  if (!fs.existsSync('dist/web/index.html')) {
    throw new Error('dist/web is missing: run `npm run test:e2e`, which builds the web app first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-e2e-'));
  const port = await freePort();
  let output = '';
  // The address the browser uses is the site's address: changes from any other origin are refused.
  const baseUrl = `http://127.0.0.1:${port}`;
  // The compiled server, as production runs it (npm run build made it).
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Email is off unless a test turns it on.
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Every journey signs its own people up and in from 127.0.0.1: together they pass the
      // per-address sign-up limit (30 an hour). The limits have their own API tests.
      AUTH_RATE_LIMIT: 'false',
      // Journeys post many requests as one person (each case its own): past the open-request
      // limit of 3 (issue 14), which has its own API tests (trust/lifecycle.test.ts).
      MAX_OPEN_REQUESTS_PER_USER: '1000',
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
  try {
    await waitUntilReady(baseUrl, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
