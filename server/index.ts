import fs from 'node:fs';
import { EnvError, parseEnv } from './lib/env.ts';
import { startServer } from './start.ts';

// Entry point of `npm start`: read the settings, start, and stop cleanly on SIGTERM/SIGINT.
try {
  // A local .env is optional; real environment variables win over it.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const env = parseEnv();
  const server = await startServer(env);
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
