import { sendContactMessage } from '../../../common/contract/contacts.contract.ts';
import { clientIp } from '../../auth/client-ip.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter } from '../../lib/openapi.ts';
import { countAgainstLimit, type RateLimit } from '../../lib/rate-limit.ts';
import * as contacts from './contacts.repository.ts';

/** Anyone may write to us, but not flood the inbox: 5 messages an hour per address. */
const MESSAGES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export function contactRoutes({ db, env, counters }: AppDeps) {
  const limit: RateLimit = {
    name: 'contact',
    limit: MESSAGES_PER_HOUR,
    windowMs: HOUR_MS,
    key: (c) => clientIp(c, env.TRUST_PROXY),
    code: 'TOO_MANY_MESSAGES',
    message: 'You have sent several messages already.',
  };
  return createRouter().openapi(sendContactMessage, async (c) => {
    // Counted after validation: a form sent back with a mistake is not a message.
    await countAgainstLimit(counters, limit, c);
    const insertedId = await contacts.insert(db, c.req.valid('json'));
    return c.json({ insertedId }, 201);
  });
}
