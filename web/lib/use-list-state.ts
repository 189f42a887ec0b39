import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readPage } from '../components/pagination.tsx';

/**
 * A list's page and filters, kept in the URL (`?status=…&page=…`) so reload, back and a shared
 * link all show the same list. Every list page uses this, with its own filter names. A change of
 * filters starts again on page 1; an empty filter leaves the URL.
 */
export function useListState<const K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const current = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for params.
  const filters = useMemo(
    () =>
      Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<
        K,
        string
      >,
    [current, filterKeys],
  );
  /** The query string that shows `nextFilters` at `nextPage`. */
  const queryFor = useCallback(
    (nextFilters: Partial<Record<K, string>>, nextPage: number) => {
      const next = new URLSearchParams();
      for (const key of filterKeys) {
        const value = nextFilters[key];
        if (value) next.set(key, value);
      }
      // Always written: a list shown by choice (a search with no filters) keeps saying so.
      next.set('page', String(nextPage));
      return next.toString();
    },
    [filterKeys],
  );
  const write = useCallback(
    (nextFilters: Partial<Record<K, string>>, nextPage: number) =>
      setParams(queryFor(nextFilters, nextPage)),
    [queryFor, setParams],
  );
  const setPage = useCallback((next: number) => write(filters, next), [write, filters]);
  const setFilters = useCallback(
    (next: Partial<Record<K, string>>) => write({ ...filters, ...next }, 1),
    [write, filters],
  );
  return {
    page,
    filters,
    setPage,
    setFilters,
    queryFor,
    current,
    has: (key: string) => params.has(key),
  };
}

/**
 * After the last row of the last page goes (deleted, accepted by someone), or a shared link names
 * a page past the end, step back to the last page that exists.
 */
export function useClampPage(
  page: number,
  total: number | undefined,
  pageSize: number,
  setPage: (page: number) => void,
) {
  const last = total === undefined ? page : Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (page > last) setPage(last);
  }, [page, last, setPage]);
}
