import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';
import { secondaryButton } from './button-styles.ts';
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

/**
 * A list query's four faces: a spinner while it loads, the error with a retry, `empty` when it
 * has nothing, and otherwise `children` with the data.
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
  if (query.isPending) return <Spinner className={spinnerClassName} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return isEmpty(query.data) ? empty : children(query.data);
}
