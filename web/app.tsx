import { QueryClientProvider } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
// The react-dom build, so that a navigation can ask for `flushSync` (see useSignOutEverywhere).
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './lib/query-client.ts';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole app around a router: the browser's (web/main.tsx) or, at build, a static one for
 * the page being prerendered (web/prerender.tsx). One tree for both, so the prerendered HTML is
 * exactly what the browser's first render makes, and hydrates as it is.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
