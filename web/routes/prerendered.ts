import { matchRoutes, type RouteObject } from 'react-router';

/** Set on #root by the build's prerender (scripts/prerender.ts): the path whose page it holds. */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * Whether #root holds the build's render of this very address. Only then may the app take it
 * over as it is (hydrate); a query (search filters, a page number) renders differently, so the
 * app draws afresh over it.
 */
export function isPrerenderedFor(
  root: HTMLElement,
  location: Pick<Location, 'pathname' | 'search'>,
): boolean {
  const path = root.getAttribute(PRERENDERED_PATH_ATTRIBUTE);
  return (
    path !== null &&
    root.hasChildNodes() &&
    location.search === '' &&
    withoutTrailingSlash(location.pathname) === path
  );
}

/**
 * Loads the code of the lazy routes that match `location`, and makes them plain routes, so the
 * router's first render is the page itself (as the prerender drew it), not an empty app waiting.
 */
export async function loadMatchedRoutes(
  routes: RouteObject[],
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        const loaded = await route.lazy();
        Object.assign(route, loaded, { lazy: undefined });
      } catch {
        // Left lazy: the router loads it again and shows the route's error if that fails too.
      }
    }),
  );
}
