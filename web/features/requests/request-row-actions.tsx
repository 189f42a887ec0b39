import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { confirmDialog, dialog, errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { draftOf } from '../../lib/form-draft.ts';
import { useSingleFlightCallback } from '../../lib/single-flight.ts';
import { useSession } from '../auth/session.api.ts';
import { EditRequestDialog, editDraftKey } from './edit-request-dialog.tsx';
import { RepostButton } from './repost-button.tsx';
import { useChangeRequestStatus, useDeleteRequest } from './requests.api.ts';
import { RowActionLabel } from './row-action-label.tsx';
import { rowActionClass } from './row-action-styles.ts';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

export interface RequestRowActionsProps {
  request: DonationRequestResponse;
  /** Offer Edit on pending rows: the viewer is the requester. */
  canEdit: boolean;
  /** Show Delete; when false with `showDisabledDelete`, a disabled Delete is shown instead. */
  canDelete: boolean;
  showDisabledDelete?: boolean;
  /** SPEC §4: the all-requests screen sends 'canceled', the others 'cancel' (both stored as cancel). */
  cancelStatus?: 'cancel' | 'canceled';
  /** A page's own actions, after View (My Donation Request's Contact). */
  children?: ReactNode;
}

/**
 * A request row's actions, shared by My Donation Request, the dashboard home and All Donation
 * Request: View; Done and Cancel while in progress; Edit while pending; Delete after confirming.
 */
export function RequestRowActions({
  request,
  canEdit,
  canDelete,
  showDisabledDelete = false,
  cancelStatus = 'cancel',
  children,
}: RequestRowActionsProps) {
  const { t } = useTranslation();
  const changeStatus = useChangeRequestStatus();
  const deleteRequest = useDeleteRequest();
  const { user } = useSession();
  // Issue 30 item 9: back from signing in again with an unsaved edit, the dialog opens with it.
  const [editing, setEditing] = useState(
    () => canEdit && !!user && draftOf(editDraftKey(request.id), user.id) !== null,
  );
  const busy = changeStatus.isPending || deleteRequest.isPending;

  // Issue 27 (decision 030): done settles every pledge still standing as donated, so a request of
  // several bags asks first; a one-bag request is marked done at once, as SPEC §2 has it.
  const coming = request.pledges.filter((pledge) => pledge.status === 'pledged').length;
  const confirmDone = () =>
    confirmDialog(
      t('requests.actions.doneManyTitle'),
      t('requests.actions.doneManyText', { count: coming }),
      {
        confirm: t('requests.actions.doneManyConfirm'),
        cancel: t('requests.actions.doneManyKeep'),
      },
    );
  const finishAfterAsking = useSingleFlightCallback(
    async (status: 'done' | 'cancel' | 'canceled') => {
      if (status === 'done' && request.bags > 1 && coming > 0 && !(await confirmDone())) return;
      finish(status);
    },
  );

  const finish = (status: 'done' | 'cancel' | 'canceled') =>
    changeStatus.mutate(
      { id: request.id, status },
      {
        onSuccess: () =>
          toastSuccess(
            status === 'done'
              ? t('requests.actions.doneSuccess')
              : t('requests.actions.cancelSuccess'),
          ),
        onError: (error) => errorDialog(t('errors.title'), messageOf(error, t('errors.generic'))),
      },
    );

  // One confirmation at a time: a double click on Delete asks once.
  const remove = useSingleFlightCallback(async () => {
    const confirmed = await confirmDialog(
      t('requests.actions.deleteTitle'),
      t('requests.actions.deleteText'),
      { confirm: t('requests.actions.deleteConfirm'), cancel: t('requests.actions.deleteKeep') },
    );
    if (!confirmed) return;
    deleteRequest.mutate(request.id, {
      onSuccess: () =>
        dialog.fire({
          icon: 'success',
          title: t('requests.actions.deleted'),
          text: t('requests.actions.deletedText'),
          timer: 2000,
          showConfirmButton: false,
        }),
      onError: (error) => errorDialog(t('errors.title'), messageOf(error, t('errors.generic'))),
    });
  });

  return (
    <fieldset
      className="row-actions flex min-w-0 flex-wrap items-center gap-1.5"
      aria-label={t('requests.actions.label', { name: request.recipientName })}
      aria-busy={busy || undefined}
    >
      <Link
        to={`/blood-donation-request/${request.id}`}
        className={rowActionClass.plain}
        title={t('requests.actions.view')}
      >
        <RowActionLabel icon="view">{t('requests.actions.view')}</RowActionLabel>
      </Link>
      {children}
      {request.status === 'inprogress' && (
        <>
          <button
            type="button"
            className={rowActionClass.done}
            disabled={busy}
            title={t('requests.actions.done')}
            onClick={() => void finishAfterAsking('done')}
          >
            <RowActionLabel icon="done">{t('requests.actions.done')}</RowActionLabel>
          </button>
          <button
            type="button"
            className={rowActionClass.cancel}
            disabled={busy}
            title={t('requests.actions.cancel')}
            onClick={() => void finishAfterAsking(cancelStatus)}
          >
            <RowActionLabel icon="cancel">{t('requests.actions.cancel')}</RowActionLabel>
          </button>
        </>
      )}
      {request.status === 'pending' && canEdit && (
        <>
          <button
            type="button"
            className={rowActionClass.edit}
            disabled={busy}
            title={t('requests.actions.edit')}
            onClick={() => setEditing(true)}
          >
            <RowActionLabel icon="edit">{t('requests.actions.edit')}</RowActionLabel>
          </button>
          <EditRequestDialog request={request} open={editing} onClose={() => setEditing(false)} />
        </>
      )}
      {/* Issue 14: an expired request of one's own can be posted again. */}
      {canEdit && <RepostButton request={request} />}
      {(canDelete || showDisabledDelete) && (
        <button
          type="button"
          className={rowActionClass.danger}
          disabled={busy || !canDelete}
          title={canDelete ? t('requests.actions.delete') : t('requests.actions.deleteAdminOnly')}
          onClick={() => void remove()}
        >
          <RowActionLabel icon="delete">
            {deleteRequest.isPending
              ? t('requests.actions.deleting')
              : t('requests.actions.delete')}
          </RowActionLabel>
        </button>
      )}
    </fieldset>
  );
}
