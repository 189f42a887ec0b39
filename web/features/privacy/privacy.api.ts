import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  deleteMe,
  giveConsent,
  withdrawConsent,
} from '../../../common/contract/privacy.contract.ts';
import type { DeleteAccount } from '../../../common/privacy.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../common/privacy-notice.ts';
import { request } from '../../lib/api.ts';
import { toastSuccess } from '../../lib/dialogs.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { i18n } from '../../lib/i18n.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { endSession, sessionQueryKey } from '../auth/session.api.ts';
import { meQueryKey } from '../users/users.api.ts';

/** The profile and the session both say where the person stands with the notice. */
const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  ]);

/** POST /api/users/me/consent: agree to the notice this build shows. */
export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => request(giveConsent, { json: { noticeVersion: PRIVACY_NOTICE_VERSION } }),
    onSuccess: () => refresh(queryClient),
  });
}

/** DELETE /api/users/me/consent: out of the donor search and alerts at once. */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => request(withdrawConsent, {}),
    onSuccess: () => refresh(queryClient),
  });
}

/** DELETE /api/users/me: the account is gone, and with it this browser's session. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useSingleFlightMutation({
    mutationFn: (input: DeleteAccount) => request(deleteMe, { json: input }),
    onSuccess: async () => {
      await navigate('/', { replace: true, flushSync: true });
      endSession(queryClient);
      // Said here: the profile that asked has gone with the navigation.
      void toastSuccess(i18n.t('profile.deleted'), 2500);
    },
  });
}

/**
 * GET /api/users/me/export: the person's copy of their data, saved as a JSON file. Its path is
 * written here rather than read from its definition (common/contract/data-export.contract.ts),
 * whose schema of the whole file has no place in the page's code.
 */
export function useDownloadMyData() {
  return useSingleFlightMutation({
    mutationFn: () => downloadFile('/users/me/export', 'redhope-my-data.json'),
  });
}
