import { useEffect } from 'react';

/** After the last row of the last page goes (deleted, accepted), step back to a page that exists. */
export function useClampPage(
  page: number,
  total: number | undefined,
  pageSize: number,
  onPage: (page: number) => void,
) {
  const last = total === undefined ? page : Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (page > last) onPage(last);
  }, [page, last, onPage]);
}
