import type { ModifiedCountResponse } from '../../../common/api-responses.schema.ts';
import type { ContactMessageResponse } from '../../../common/contact-response.schema.ts';
import {
  changeContactStatus,
  listContactMessages,
  sendContactMessage,
} from '../../../common/contract/contacts.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { clientIp } from '../../auth/client-ip.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import type { AppDeps } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import { countAgainstLimit, type RateLimit } from '../../lib/rate-limit.ts';
import type { ContactRow } from './contacts.repository.ts';
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
    message: msg('errors.limits.contact'),
  };
  return createRouter().openapi(sendContactMessage, async (c) => {
    // Counted after validation: a form sent back with a mistake is not a message.
    await countAgainstLimit(counters, limit, c);
    const insertedId = await contacts.insert(db, c.req.valid('json'));
    return c.json({ insertedId }, 201);
  });
}

function toContactDto(row: ContactRow): ContactMessageResponse {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    message: row.message,
    status: row.status,
    createdAt: toIso(row.createdAt),
    handledAt: toIso(row.handledAt),
    handledBy: row.handledBy,
  };
}

/** The admins' inbox: mounted after the session is read (the form above is not). */
export function contactInboxRoutes({ db }: AppDeps) {
  const admin = [requireUser, requireRole('admin')];
  return createRouter()
    .openapi(guarded(listContactMessages, ...admin), async (c) => {
      const { status, ...page } = c.req.valid('query');
      const items = await listPage(
        c,
        page,
        {
          rows: (slice) => contacts.findAll(db, status, slice),
          total: () => contacts.countAll(db, status),
          keyOf: (row) => [toIso(row.createdAt), row.id],
          // Anyone may write to the inbox: its count stops at the cap (decision 007).
          capped: true,
        },
        toContactDto,
      );
      return c.json(items, 200);
    })
    .openapi(guarded(changeContactStatus, ...admin), async (c) => {
      const { id } = c.req.valid('param');
      const { status } = c.req.valid('json');
      const modifiedCount = await contacts.updateStatus(db, id, status, currentUser(c).name);
      if (!modifiedCount && !(await contacts.exists(db, id))) {
        throw notFound(msg('errors.contacts.noSuchMessage'));
      }
      return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
    });
}
