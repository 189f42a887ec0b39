import { sendContactMessage } from '../../../common/contract/contacts.contract.ts';
import { clientIp } from '../../auth/client-ip.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/openapi.ts';
import * as contacts from './contacts.repository.ts';

/** Anyone may write to us, but not flood the inbox: 5 messages an hour per address. */
const MESSAGES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export function contactRoutes({ db, env, counters }: AppDeps) {
  return createRouter().openapi(sendContactMessage, async (c) => {
    const sent = await counters.hit(`contact:${clientIp(c, env.TRUST_PROXY)}`, HOUR_MS);
    if (sent > MESSAGES_PER_HOUR) {
      throw new AppError(
        429,
        'TOO_MANY_MESSAGES',
        'You have sent several messages already. Please try again in an hour.',
      );
    }
    const insertedId = await contacts.insert(db, c.req.valid('json'));
    return c.json({ insertedId }, 201);
  });
}
