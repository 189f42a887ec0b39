import { QueryClientProvider } from '@tanstack/react-query';
// The react-dom build, so that a navigation can ask for `flushSync` (see useSignOutEverywhere).
import { RouterProvider } from 'react-router/dom';
import { installUnauthorizedHandler } from './features/auth/unauthorized.ts';
import { queryClient } from './lib/query-client.ts';
import { router } from './routes/router.tsx';

installUnauthorizedHandler(router, queryClient);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
