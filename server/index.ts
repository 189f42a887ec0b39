import fs from 'node:fs';
import { routeConsoleToLog } from './lib/console-to-log.ts';
import { EnvError, parseEnv } from './lib/env.ts';
import { createLogger } from './lib/logger.ts';
import { startServer } from './start.ts';

// Entry point of `npm start`: read the settings, start, and stop cleanly on SIGTERM/SIGINT.
try {
  // A local .env is optional; real environment variables win over it.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  // Whatever a library prints becomes a JSON line of this log too (issue 25).
  routeConsoleToLog(logger);
  const server = await startServer(env, undefined, logger);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
