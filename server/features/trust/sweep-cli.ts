import { openDatabase } from '../../db/open.ts';
import { EnvError, parseEnv } from '../../lib/env.ts';
import { ignoreRequestEvents } from './request-events.ts';
import { sweepRequestLifecycle } from './sweep.ts';

// `npm run requests:sweep`: stores what the date has done to requests (expired, asked to
// confirm, closed unconfirmed) and prints the counts as JSON. Run it from cron (hourly is
// plenty) until the job worker of issue 13 runs it on its own schedule. Nobody is told from here:
// the notifications of issue 13 will be wired to the events it raises.
try {
  const env = parseEnv();
  const { handle } = await openDatabase(env);
  const result = await sweepRequestLifecycle(handle.db, {
    now: new Date(),
    closeAfterDays: env.UNCONFIRMED_CLOSE_DAYS,
    events: ignoreRequestEvents,
  });
  await handle.close();
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
