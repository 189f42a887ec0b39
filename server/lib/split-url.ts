/**
 * The path and the query (with its `?`) of a request URL, absolute or as the request line gives
 * it (`/path?query`), as written: no URL object is built for it on every request.
 */
export function splitUrl(url: string): { pathname: string; search: string } {
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return { pathname: '/', search: '' };
  const query = url.indexOf('?', start);
  return query === -1
    ? { pathname: url.slice(start), search: '' }
    : { pathname: url.slice(start, query), search: url.slice(query) };
}
