import { EnvError, parseEnv } from '../lib/env.ts';
import { openDatabase } from './open.ts';

// `npm run db:migrate`: applies pending migrations and loads reference data, then prints the
// names of the migrations it applied as JSON (an empty list when there was nothing to do).
try {
  const { handle, applied } = await openDatabase(parseEnv());
  await handle.close();
  console.log(JSON.stringify(applied));
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
