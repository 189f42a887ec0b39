import { lazy, Suspense } from 'react';
import { withScreenStrings } from '../../lib/i18n.ts';
import { useSession } from '../auth/session.api.ts';

// Its code and strings come only for someone who owes consent: nobody else's first load has them.
const ConsentPrompt = lazy(async () => ({
  default: (await withScreenStrings(import('./consent-prompt.tsx'))).ConsentPrompt,
}));

/**
 * Issue 31: after sign-in, someone who never agreed to the privacy notice, or agreed to an older
 * one (the session says `consentOwed`), is asked before anything else, until they agree or sign
 * out.
 */
export function ConsentGate() {
  const { user } = useSession();
  if (!user?.consentOwed) return null;
  return (
    <Suspense fallback={null}>
      <ConsentPrompt />
    </Suspense>
  );
}
