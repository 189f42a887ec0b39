import { enqueue } from '../../jobs/jobs.repository.ts';
import type { RequestEventSink } from '../trust/request-events.ts';
import { requestCreated } from './events.ts';

// Issue 14's lifecycle events, told to people through issue 13's notifications. Like the rest of
// events.ts, each event is only a job row written in the change's own transaction: the worker
// tells people later ('request-lifecycle' in handlers.ts), and the change never waits for it.

/**
 * The requestEvents of a running server: a withdrawal tells the requester and starts the alert
 * waves again; an expiry, a confirmation due or a removal tells the people concerned; a repost
 * starts the new request's waves as any new request's.
 */
export const notifyRequestEvents: RequestEventSink = async (db, event, at) => {
  if (event.type === 'reposted') {
    await requestCreated(db, event.requestId, at);
    return;
  }
  await enqueue(db, { kind: 'request-lifecycle', payload: event, runAt: at }, at);
  if (event.type === 'withdrawn') {
    // A new round of waves: its own dedupe keys, so it runs even after the first round's last
    // wave (the donors alerted before, and the one who withdrew, are not asked again).
    const round = at.getTime();
    await enqueue(
      db,
      {
        kind: 'alert-wave',
        payload: { requestId: event.requestId, wave: 1, round },
        runAt: at,
        dedupeKey: `alert-wave:${event.requestId}:r${round}:1`,
      },
      at,
    );
  }
};
