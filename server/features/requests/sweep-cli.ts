import { openDatabase } from '../../db/open.ts';
import { EnvError, parseEnv } from '../../lib/env.ts';
import { sweepRequestLifecycle } from './sweep.ts';

// `npm run requests:sweep`: stores at once what the date has done to requests (expired, asked to
// confirm, closed unconfirmed) and prints the counts as JSON. Every server already does this each
// hour from the job table (sweep.jobs.ts); this is for an operator who wants it now. The people
// concerned are told the same way: the events become jobs the servers' workers send.
try {
  const env = parseEnv();
  const { handle } = await openDatabase(env);
  const result = await sweepRequestLifecycle(handle.db, {
    now: new Date(),
    closeAfterDays: env.UNCONFIRMED_CLOSE_DAYS,
  });
  await handle.close();
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
