import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/longest-first.ts';

// Projects: `unit` (pure rules and schemas), `api-sqlite` and `api-postgres` (the same HTTP
// integration tests against a fresh database per file), and `e2e` (browser journeys against the
// built server). api-postgres runs only when TEST_DATABASE_URL is set, and says so when it is not.
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.warn(
    '\n[tests] PostgreSQL integration tests are SKIPPED: TEST_DATABASE_URL is not set ' +
      '(example: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).\n',
  );
}

if (!process.env.TEST_REDIS_URL) {
  console.warn(
    '[tests] Redis rate-limit store tests are SKIPPED: TEST_REDIS_URL is not set ' +
      '(example: TEST_REDIS_URL=redis://127.0.0.1:6379/15).\n',
  );
}

/**
 * Tests that start other processes (the admin command, concurrent migrations, servers killed
 * mid-write, backups under load, two instances): slower, kept apart. The engine-neutral ones run
 * in api-processes-sqlite only; two instances need PostgreSQL and Redis, so only api-processes-postgres.
 */
const BOTH_ENGINES_PROCESS_TESTS = [
  'server/db/migrate.test.ts',
  'server/ops/crash.test.ts',
  'server/ops/backup.test.ts',
  'server/jobs/outbox-processes.test.ts',
];
const PROCESS_TESTS = [
  ...BOTH_ENGINES_PROCESS_TESTS,
  'server/admin-cli.test.ts',
  'server/ops/two-instances.test.ts',
  'server/ops/log-lines.test.ts',
  'server/ops/redis-outage.test.ts',
  'server/ops/database-outage.test.ts',
];

/** Process tests about PostgreSQL itself (two instances, a lost connection). */
const POSTGRES_ONLY_PROCESS_TESTS = [
  'server/ops/two-instances.test.ts',
  'server/ops/database-outage.test.ts',
];

const apiProject = (engine: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${engine}`,
    include: ['server/**/*.test.ts'],
    // SQLite-only checks, and tests that do not depend on the engine, run once.
    exclude: [
      ...PROCESS_TESTS,
      ...(engine === 'postgres'
        ? [
            'server/db/sqlite-*.test.ts',
            'server/start.test.ts',
            'server/ops/deploy-files.test.ts',
            'server/ops/restore.test.ts',
            // The published document does not depend on the engine.
            'server/features/docs/openapi-lint.test.ts',
          ]
        : []),
    ],
    env: { TEST_ENGINE: engine },
    // PostgreSQL's test schemas are lent and emptied, not made and dropped (schema-pool.ts).
    ...(engine === 'postgres' ? { globalSetup: ['server/test/schema-pool-setup.ts'] } : {}),
    // Issue 26: the files of a project share their worker's modules (importing the app anew for
    // each file was half the project's time). Safe because each file builds its own app on its
    // own database (createTestApp), the server keeps no state in modules beyond caches of fixed
    // data, no test changes process.env, the clock (tests pass a ManualClock) or globals, and
    // each file closes what it opens. It also lets server/test/migrated-template.ts migrate once
    // per worker rather than once per file.
    isolate: false,
    // Generous for a slow CI machine (six times slower than this one at times): the slowest test
    // here takes under 4 s on this machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

const processProject = (engine: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-processes-${engine}`,
    globalSetup: ['server/test/build-for-processes.ts'],
    include:
      engine === 'postgres'
        ? [...BOTH_ENGINES_PROCESS_TESTS, ...POSTGRES_ONLY_PROCESS_TESTS]
        : PROCESS_TESTS.filter((file) => !POSTGRES_ONLY_PROCESS_TESTS.includes(file)),
    env: { TEST_ENGINE: engine },
    // Each test starts and kills servers: 5 s on this machine, 30 s with a quarter of a core
    // (as slow as CI has been), so the limit leaves room for slower still.
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine, which
    // left a core idle while a test waited on PostgreSQL, a child process or a socket. Three
    // files at a time (TEST_WORKERS overrides); the browser tests set their own below.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // The browser files longest first (tests/longest-first.ts); the rest in vitest's order.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'web/**/*.test.ts', 'tests/*.test.ts'],
        },
      },
      apiProject('sqlite'),
      processProject('sqlite'),
      ...(pgUrl ? [apiProject('postgres'), processProject('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two files at a time, each worker on its own server (tests/e2e/global-setup.ts): a
          // journey waits on the browser and the server in turn, so one file at a time left a
          // core idle. E2E_WORKERS=1 runs them one by one.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          // A worker's files share its modules, so its Chromium (tests/e2e/browser.ts) and the
          // imports (Playwright, the locale files) are set up once per worker rather than once
          // per file. Safe as for the api projects: no spec mocks a module or changes
          // process.env, each file closes the browser contexts it opened, and what the helpers
          // keep (the authenticator keys of members, by email) holds for the whole server.
          isolate: false,
          // A journey through many pages takes 5-10 s here and six times that on a slow CI
          // machine (stop 23: 45 s against a limit of 60). Each step's own wait (30 s) still
          // catches a hang; this bounds only the journey as a whole.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // expect.poll waits for the page (a held tap made once the app is live, a list drawn
          // after a transition). vitest's default of 1 s was too short on a loaded CI machine:
          // the home page's held FAQ tap failed so in stop 42, as the menu's had before it was
          // given 15 s by hand. The same 15 s for every poll; a hang still ends at the limit.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
