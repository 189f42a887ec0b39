import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { setPageUser } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';
import { sessionQueryKey, survivesAuthChange } from './session.api.ts';

const CHANNEL = 'redhope-session';

/**
 * A tab left open while the browser signed in as someone else in another one (issue 30, item
 * 13). The page names its user on every change it sends, and the server refuses a change for a
 * user the session no longer has (SESSION_CHANGED); the tabs also tell each other when their
 * session changes (BroadcastChannel), so a stale tab asks again who is signed in at once. Once
 * this tab sees another user, it drops the old user's data and tells the person that nothing
 * was done for the account they were looking at. A sign-out elsewhere ends here as any lost
 * session does (guarded pages go to /login; a change gets the 401). Called once at start-up.
 */
export function installSessionWatch(queryClient: QueryClient) {
  let shown: SessionUser | null | undefined;
  const askAgain = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  // Another tab's session changed: ours may have (the cookie is the browser's, not the tab's).
  channel?.addEventListener('message', (event: MessageEvent<string | null>) => {
    if (event.data !== (shown?.id ?? null)) askAgain();
  });
  setPageUser(null, askAgain);

  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== sessionQueryKey[0]) return;
    const user = event.query.state.data as SessionUser | null | undefined;
    if (user === undefined || user?.id === shown?.id) return;
    const before = shown;
    shown = user;
    setPageUser(user?.id ?? null);
    channel?.postMessage(user?.id ?? null);
    // Signed in as someone else since this page was drawn (this tab signs out before it signs in
    // again, so only another tab does this).
    if (before && user) switchedTo(queryClient, before, user);
  });
}

function switchedTo(queryClient: QueryClient, before: SessionUser, now: SessionUser) {
  const predicate = (query: { queryKey: readonly unknown[] }) =>
    !survivesAuthChange(query.queryKey);
  queryClient.removeQueries({ predicate, type: 'inactive' });
  void queryClient.invalidateQueries({ predicate });
  // The dialogs' code only when needed: this is on every page's first load.
  void import('../../lib/dialogs.ts').then(({ dialog }) =>
    dialog.fire({
      icon: 'warning',
      title: i18n.t('session.changedTitle'),
      text: i18n.t('session.changedText', { before: before.name, now: now.name }),
    }),
  );
}
