import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { isStaff } from '../../../common/roles.ts';
import { donationInstant } from '../../../common/trust.rules.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useRemoveRequest, useWithdraw } from './lifecycle.api.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { sameEmail } from './request-format.ts';
import { ownPledge } from './request-pledges.ts';

export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 transition-colors hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60';

type Dialog = 'withdraw' | 'remove' | null;

/** What each action bar of the request detail is given. */
export interface RequestActionsProps {
  request: DonationRequestResponse;
  user: SessionUser;
  /** Reloads the request. */
  onChanged: () => void;
}

/**
 * The request detail's actions after it was posted (issue 14), each shown only to whom the server
 * allows it: Withdraw for the donor who accepted (before the donation time), Remove for staff.
 * `children` are the other features' actions in the same group (trust's Verify and Report, given
 * by the route); the group is hidden when nothing in it is shown.
 */
export function RequestLifecycleActions({
  request,
  user,
  onChanged,
  children,
}: RequestActionsProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
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
  const canRemove = staff && ['pending', 'inprogress', 'expired'].includes(request.status);
  // Issue 27: a donor withdraws their own pledge (one bag of several, or the only one).
  const canWithdraw =
    request.status === 'inprogress' &&
    (ownPledge(request, user.email)?.status === 'pledged' ||
      (request.pledges.length === 0 && sameEmail(user.email, request.donorEmail))) &&
    Date.now() < donationInstant(request).getTime();

  // Dialogs are rendered only with their button, so a group with nothing to show is :empty.
  return (
    <fieldset
      className="mt-6 flex flex-wrap gap-3 empty:hidden"
      aria-label={t('trust.actions.label')}
    >
      {children}
      {canWithdraw && (
        <button type="button" className={dangerButton} onClick={() => setDialog('withdraw')}>
          {t('trust.actions.withdraw')}
        </button>
      )}
      {canRemove && (
        <button type="button" className={dangerButton} onClick={() => setDialog('remove')}>
          {t('trust.actions.remove')}
        </button>
      )}

      {canWithdraw && (
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
      )}
      {canRemove && (
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
      )}
    </fieldset>
  );
}
