import { lazy, Suspense } from 'react';
import { withListStrings } from '../lib/i18n.ts';

// The offline page's code and strings come when it is first drawn, not with every page's first
// load (tests/e2e/bundle-budget.spec.ts); scripts/build-sw.ts keeps both for offline use.
const Message = lazy(() =>
  withListStrings(import('./offline-message.tsx')).then((m) => ({ default: m.OfflineMessage })),
);

/** The whole-page offline message (OfflineMessage), for the route error and the login guard. */
export function OfflinePage() {
  return (
    <Suspense fallback={null}>
      <Message page />
    </Suspense>
  );
}
