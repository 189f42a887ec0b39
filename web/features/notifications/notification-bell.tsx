import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localDigits } from '../../lib/i18n.ts';
import { useUnreadCount } from './notifications.api.ts';

/** The navbar's bell: the unread count, and the way to the notifications page. */
export function NotificationBell({
  onNavigate,
  className = '',
}: {
  onNavigate?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const unread = useUnreadCount(true);
  const count = unread.data?.count ?? 0;
  const shown = localDigits(count > 99 ? '99+' : String(count));
  return (
    <Link
      to="/dashboard/notifications"
      onClick={onNavigate}
      aria-label={
        count > 0 ? t('notifications.bellUnread', { count: shown }) : t('notifications.bell')
      }
      className={`relative size-9 items-center sm:size-10 justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 ${className || 'inline-flex'}`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none">
        <path
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
        />
      </svg>
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}
