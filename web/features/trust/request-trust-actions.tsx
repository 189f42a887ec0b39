import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { isStaff } from '../../../common/roles.ts';
import { donationInstant } from '../../../common/trust.rules.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { secondaryButton } from '../../components/button-styles.ts';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { sameEmail } from '../requests/request-format.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { useRemoveRequest, useVerifyRequest, useWithdraw } from './trust.api.ts';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 transition-colors hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60';

type Dialog = 'report' | 'withdraw' | 'remove' | null;

/**
 * The request detail's trust actions (issue 14), each shown only to whom the server allows it:
 * Verify and Remove for staff, Withdraw for the donor who accepted (before the donation time),
 * Report for anyone signed in but the requester. `onChanged` reloads the request.
 */
export function RequestTrustActions({
  request,
  user,
  onChanged,
}: {
  request: DonationRequestResponse;
  user: SessionUser;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const verify = useVerifyRequest();
  const withdraw = useWithdraw();
  const remove = useRemoveRequest();
  const close = () => setDialog(null);
  const fail = (error: unknown) =>
    void errorDialog(
      t('errors.title'),
      error instanceof ApiError ? error.message : t('errors.generic'),
    );

  if (request.removed) return null;
  const staff = isStaff(user.role);
  const isRequester = sameEmail(user.email, request.requesterEmail);
  const canVerify = staff && request.status === 'pending' && !request.verifiedAt;
  const canRemove = staff && ['pending', 'inprogress', 'expired'].includes(request.status);
  const canWithdraw =
    request.status === 'inprogress' &&
    sameEmail(user.email, request.donorEmail) &&
    Date.now() < donationInstant(request).getTime();
  const canReport = !isRequester;
  if (!canVerify && !canRemove && !canWithdraw && !canReport) return null;

  return (
    <fieldset className="mt-6 flex flex-wrap gap-3" aria-label={t('trust.actions.label')}>
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
      {canWithdraw && (
        <button type="button" className={dangerButton} onClick={() => setDialog('withdraw')}>
          {t('trust.actions.withdraw')}
        </button>
      )}
      {canReport && (
        <button type="button" className={dangerButton} onClick={() => setDialog('report')}>
          {t('trust.actions.report')}
        </button>
      )}
      {canRemove && (
        <button type="button" className={dangerButton} onClick={() => setDialog('remove')}>
          {t('trust.actions.remove')}
        </button>
      )}

      <ReportDialog requestId={request.id} open={dialog === 'report'} onClose={close} />
      <ReasonDialog
        open={dialog === 'withdraw'}
        onClose={close}
        title={t('trust.withdraw.title')}
        intro={t('trust.withdraw.intro')}
        labels={{
          reason: t('trust.withdraw.reason'),
          submit: t('trust.withdraw.submit'),
          sending: t('trust.withdraw.sending'),
          cancel: t('trust.withdraw.cancel'),
        }}
        requiredMessage={t('trust.withdraw.reasonRequired')}
        busy={withdraw.isPending}
        onSubmit={(reason) =>
          withdraw.mutate(
            { id: request.id, reason },
            {
              onSuccess: () => {
                close();
                void toastSuccess(t('trust.withdraw.done'), 2000);
              },
              onError: (error) => {
                close();
                // Withdrawn already (another tab): what was asked for has happened.
                if (error instanceof ApiError && error.code === 'ALREADY_WITHDRAWN') {
                  void toastSuccess(t('trust.withdraw.done'), 2000);
                } else fail(error);
              },
              onSettled: onChanged,
            },
          )
        }
      />
      <ReasonDialog
        open={dialog === 'remove'}
        onClose={close}
        title={t('trust.remove.title')}
        intro={t('trust.remove.intro')}
        labels={{
          reason: t('trust.remove.reason'),
          submit: t('trust.remove.submit'),
          sending: t('trust.remove.sending'),
          cancel: t('trust.remove.cancel'),
        }}
        requiredMessage={t('trust.remove.reasonRequired')}
        busy={remove.isPending}
        onSubmit={(reason) =>
          remove.mutate(
            { id: request.id, reason },
            {
              onSuccess: () => {
                close();
                void toastSuccess(t('trust.remove.done'));
              },
              onError: (error) => {
                close();
                fail(error);
              },
              onSettled: onChanged,
            },
          )
        }
      />
    </fieldset>
  );
}
