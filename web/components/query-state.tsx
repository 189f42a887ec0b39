import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError, isPageRefused } from '../lib/api.ts';
import { useOffline } from '../lib/online.ts';
import { secondaryButton } from './button-styles.ts';
import { OfflineMessage } from './offline-message.tsx';
import { PageOutOfRange, pageOfAddress } from './page-out-of-range.tsx';
import { Spinner } from './spinner.tsx';

/** A failed query: what went wrong (the server's message when it gave one) and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl bg-red-50 p-6 text-center"
    >
      <p className="text-red-800">
        {error instanceof ApiError ? error.message : t('errors.generic')}
      </p>
      <button type="button" className={secondaryButton} onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}

/** Nothing to list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-600">
      {children}
    </p>
  );
}

/** One page of a list (requestPage's answer, with its total), not a list read whole. */
const isListPage = (data: unknown) =>
  typeof data === 'object' && data !== null && 'total' in data && 'items' in data;

/**
 * A list query's four faces: a spinner while it loads, the error with a retry, `empty` when it
 * has nothing, and otherwise `children` with the data. An address naming a page the list does
 * not have (refused past the numbered pages, or empty after page 1) gets the way to page 1
 * instead of an error or "nothing yet" (issue 30).
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  spinnerClassName,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  spinnerClassName?: string;
  children: (data: T) => ReactNode;
}) {
  const offline = useOffline();
  const addressPage = pageOfAddress(useLocation().search);
  // Offline, a list that failed (or waits, paused, or retries in vain) will not come: say why.
  const stuck = query.isError || query.fetchStatus === 'paused' || query.failureCount > 0;
  if (offline && stuck) return <OfflineMessage />;
  if (query.isPending) return <Spinner className={spinnerClassName} />;
  if (query.isError) {
    if (addressPage && isPageRefused(query.error)) return <PageOutOfRange page={addressPage} />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!isEmpty(query.data)) return children(query.data);
  return addressPage && isListPage(query.data) ? <PageOutOfRange page={addressPage} /> : empty;
}
