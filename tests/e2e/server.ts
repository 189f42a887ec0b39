import { startBuiltServer } from '../../scripts/built-server.ts';

export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  /** Stops it (SIGTERM) and removes its data. */
  stop: () => Promise<void>;
}

/**
 * Starts the real built server (`dist/web` + dist/server/index.js) on its own temporary SQLite
 * database and a free port, for the browser tests (scripts/built-server.ts). `env` adds to or
 * overrides its settings.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const { url, dataDir, stop } = await startBuiltServer({
    env: {
      // Email is off unless a test turns it on.
      SMTP_URL: '',
      // Journeys post many requests as one person (each case its own): past the open-request
      // limit of 3 (issue 14), which has its own API tests (trust/lifecycle.test.ts).
      MAX_OPEN_REQUESTS_PER_USER: '1000',
      ...env,
    },
  });
  return { baseUrl: url, dataDir, stop };
}
