import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaff } from '../../../common/roles.ts';
import { secondaryButton } from '../../components/button-styles.ts';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { sameEmail } from '../requests/request-format.ts';
import { dangerButton, type RequestActionsProps } from '../requests/request-lifecycle-actions.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { useVerifyRequest } from './trust.api.ts';

/**
 * The request detail's trust actions (issue 14), in the request's action group
 * (RequestLifecycleActions), each shown only to whom the server allows it: Verify for staff,
 * Report for anyone signed in but the requester.
 */
export function RequestTrustActions({ request, user, onChanged }: RequestActionsProps) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const verify = useVerifyRequest();
  const fail = (error: unknown) =>
    void errorDialog(
      t('errors.title'),
      error instanceof ApiError ? error.message : t('errors.generic'),
    );

  if (request.removed) return null;
  const canVerify = isStaff(user.role) && request.status === 'pending' && !request.verifiedAt;
  const canReport = !sameEmail(user.email, request.requesterEmail);
  if (!canVerify && !canReport) return null;

  return (
    <>
      {canVerify && (
        <button
          type="button"
          className={secondaryButton}
          disabled={verify.isPending}
          onClick={() =>
            verify.mutate(request.id, {
              onSuccess: () => void toastSuccess(t('trust.actions.verifiedToast')),
              onError: fail,
              onSettled: onChanged,
            })
          }
        >
          {verify.isPending ? t('trust.actions.verifying') : t('trust.actions.verify')}
        </button>
      )}
      {canReport && (
        <button type="button" className={dangerButton} onClick={() => setReporting(true)}>
          {t('trust.actions.report')}
        </button>
      )}
      <ReportDialog requestId={request.id} open={reporting} onClose={() => setReporting(false)} />
    </>
  );
}
