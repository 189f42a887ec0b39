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
      // limit of 3 (issue 14), which has its own API tests (requests/lifecycle.test.ts).
      MAX_OPEN_REQUESTS_PER_USER: '1000',
      // Donors give in many journeys and give again in later ones: a one-day rest, over before
      // the later-dated requests they answer. The rest itself has its own API tests
      // (requests/pledges.test.ts) and a browser test on a request dated today (walk-30.spec.ts).
      DONATION_INTERVAL_DAYS: '1',
      // Journeys share one server, so a request's first wave must reach the donor its journey
      // made beside earlier journeys' donors in the same place: 5 per bag, as when they were
      // written. Decision 050's one donor at a time has its API tests (wave-pacing.test.ts).
      ALERT_WAVE_SIZE: '5',
      // The journeys' alerts go at once whatever the hour: with quiet hours on, from 22:00 to
      // 07:00 in Dhaka (16:00–01:00 UTC) a scheduled request's first wave waited for the
      // morning, and the journeys that wait for an alert failed every evening. Quiet hours have
      // their tests on a controlled clock (notifications/wave-pacing.test.ts,
      // common/quiet-hours.rules.test.ts).
      ALERT_QUIET_HOURS: 'false',
      ...env,
    },
  });
  return { baseUrl: url, dataDir, stop };
}
