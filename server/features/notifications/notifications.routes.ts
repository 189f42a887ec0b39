import * as contract from '../../../common/contract/notifications.contract.ts';
import { msg } from '../../../common/message-key.ts';
import {
  type NotificationResponse,
  notificationDataSchema,
} from '../../../common/notification-response.schema.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import type { AppDeps } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import * as notifications from './notifications.repository.ts';

function toNotificationDto(row: notifications.NotificationRow): NotificationResponse {
  return {
    id: row.id,
    kind: row.kind,
    requestId: row.requestId,
    requestStatus: row.requestStatus,
    // Written by our own code; parsed so that an old row with a field since dropped still reads.
    data: notificationDataSchema.strip().parse(JSON.parse(row.data)),
    read: row.readAt !== null,
    createdAt: toIso(row.createdAt),
  };
}

/** The bell, the notifications page, and each person's choice of notifications (issue 13). */
export function notificationsRoutes({ db, clock, mailer }: AppDeps) {
  return createRouter()
    .openapi(guarded(contract.listNotifications, requireUser), async (c) => {
      const userId = currentUser(c).id;
      const items = await listPage(
        c,
        c.req.valid('query'),
        {
          rows: (slice) => notifications.findAllByUser(db, userId, slice),
          total: () => notifications.countByUser(db, userId),
          keyOf: (row) => [toIso(row.createdAt), row.id],
          // One person's notifications: counted exactly, like the other lists of one's own.
          capped: false,
        },
        toNotificationDto,
      );
      return c.json(items, 200);
    })
    .openapi(guarded(contract.countUnread, requireUser), async (c) => {
      const count = await notifications.countUnread(db, currentUser(c).id);
      return c.json({ count }, 200);
    })
    .openapi(guarded(contract.markAllRead, requireUser), async (c) => {
      const modifiedCount = await notifications.markAllRead(db, currentUser(c).id, clock.now());
      return c.json({ modifiedCount }, 200);
    })
    .openapi(guarded(contract.markRead, requireUser), async (c) => {
      const { id } = c.req.valid('param');
      const userId = currentUser(c).id;
      const modifiedCount = await notifications.markRead(db, userId, id, clock.now());
      // Someone else's notification is as unknown as a missing one.
      if (!modifiedCount && !(await notifications.isOwnedBy(db, userId, id)))
        throw notFound(msg('errors.notifications.noSuchNotification'));
      return c.json({ modifiedCount }, 200);
    })
    .openapi(guarded(contract.getNotificationSettings, requireUser), async (c) => {
      const settings = await notifications.findSettings(db, currentUser(c).id);
      return c.json({ ...settings, emailAvailable: mailer !== null }, 200);
    })
    .openapi(guarded(contract.saveNotificationSettings, requireUser), async (c) => {
      await notifications.saveSettings(db, currentUser(c).id, c.req.valid('json'), clock.now());
      return c.json({ saved: true as const }, 200);
    });
}
