import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import { secondaryButton } from '../../components/button-styles.ts';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog } from '../../lib/dialogs.ts';
import { formatInstant } from '../../lib/format-instant.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { NotificationSettingsSection } from './notification-settings.tsx';
import { isClosedAlert, notificationText } from './notification-text.ts';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from './notifications.api.ts';

/** /dashboard/notifications: what the bell counts, newest first, and the choice of alerts. */
export function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.title'));
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const markAll = useMarkAllRead();
  const anyUnread = list.data?.items.some((n) => !n.read) ?? false;

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onError: (error) =>
        void errorDialog(
          t('errors.title'),
          error instanceof ApiError ? error.message : t('errors.generic'),
        ),
    });

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-gray-200 bg-white p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-gray-900">{t('notifications.title')}</h1>
          <button
            type="button"
            className={secondaryButton}
            onClick={onMarkAll}
            disabled={markAll.isPending || !anyUnread}
          >
            {markAll.isPending ? t('notifications.marking') : t('notifications.markAll')}
          </button>
        </div>
        <QueryState
          query={list}
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState>{t('notifications.empty')}</EmptyState>}
        >
          {(data) => (
            <>
              <ul className="divide-y divide-gray-100">
                {data.items.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} />
                ))}
              </ul>
              <Pagination
                page={page}
                pages={pageCount(data.total, NOTIFICATIONS_PAGE_SIZE)}
                onPageChange={setPage}
                disabled={list.isFetching}
              />
            </>
          )}
        </QueryState>
      </section>
      <NotificationSettingsSection />
    </div>
  );
}

function NotificationItem({ notification }: { notification: NotificationResponse }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  const text = notificationText(notification);
  const when = formatInstant(notification.createdAt);
  const read = () => {
    if (!notification.read) markRead.mutate(notification.id);
  };
  return (
    <li
      className={`flex flex-wrap items-start gap-3 py-4 ${notification.read ? '' : 'font-medium'}`}
    >
      {/* Unread is marked calmly (blue): red is kept for urgency (issue 30). */}
      <span
        aria-hidden="true"
        className={`mt-2 size-2.5 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-sky-600'}`}
      />
      <div className="min-w-0 flex-1">
        <p className="wrap-anywhere text-gray-900">
          {!notification.read && <span className="sr-only">{t('notifications.unread')}: </span>}
          {notification.requestId ? (
            <Link
              to={`/blood-donation-request/${notification.requestId}`}
              onClick={read}
              className="text-gray-900 underline decoration-gray-400 underline-offset-2 hover:decoration-gray-900"
            >
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        <p className="mt-0.5 text-sm font-normal text-gray-600">
          <time dateTime={notification.createdAt}>{when}</time>
          {isClosedAlert(notification) && <> · {t('notifications.closed')}</>}
        </p>
      </div>
      {!notification.read && (
        <button
          type="button"
          className="rounded-md px-2 py-1 text-sm font-normal text-sky-800 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-red-600"
          onClick={read}
          disabled={markRead.isPending}
        >
          {t('notifications.markRead')}
        </button>
      )}
    </li>
  );
}
