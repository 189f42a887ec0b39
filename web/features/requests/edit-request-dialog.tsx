import { useTranslation } from 'react-i18next';
import type { CreateRequest } from '../../../common/request.schema.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { Modal } from '../../components/modal.tsx';
import { ApiError, endsSession } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { clearDraft, useFormDraft } from '../../lib/form-draft.ts';
import { useSession } from '../auth/session.api.ts';
import { RequestFormFields, useRequestForm } from './request-form-fields.tsx';
import { useEditRequest } from './requests.api.ts';

/** The draft of the edit dialog of request `id` (web/lib/form-draft.ts). */
export const editDraftKey = (id: string) => `edit-request:${id}`;

/** Edits the requester's own pending request in a modal (PATCH with the editable fields). */
export function EditRequestDialog({
  request,
  open,
  onClose,
}: {
  request: DonationRequestResponse;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Closed without saving (or after saving): the draft goes.
  const close = () => {
    clearDraft(editDraftKey(request.id));
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={t('requests.edit.title')} wide>
      <EditRequestForm request={request} onClose={close} />
    </Modal>
  );
}

/** Mounted only while the dialog is open, so each opening starts from the request as it is. */
function EditRequestForm({
  request,
  onClose,
}: {
  request: DonationRequestResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const editRequest = useEditRequest();
  const form = useRequestForm({
    recipientName: request.recipientName,
    bloodGroup: request.bloodGroup,
    division: request.division,
    district: request.district,
    upazila: request.upazila ?? '',
    hospitalName: request.hospitalName,
    fullAddress: request.fullAddress,
    donationDate: request.donationDate,
    donationTime: request.donationTime,
    requestMessage: request.requestMessage,
    bags: request.bags,
    component: request.component,
    urgency: request.urgency,
  });
  // Issue 30 item 9: the changes survive a session that ends before Save.
  useFormDraft(editDraftKey(request.id), user?.id, form);

  const onSubmit = (fields: CreateRequest) =>
    editRequest
      .mutateAsync({ id: request.id, fields: { ...fields, upazila: fields.upazila ?? null } })
      .then(
        () => {
          onClose();
          void toastSuccess(t('requests.edit.success'));
        },
        (error: unknown) => {
          // The session ended: the sign-in page says so; this dialog opens again on the return.
          if (error instanceof ApiError && endsSession(error)) return;
          return errorDialog(
            t('errors.title'),
            error instanceof ApiError ? error.message : t('errors.generic'),
          );
        },
      );

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <RequestFormFields form={form} minBags={Math.max(1, request.bagsPledged)} />
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t('requests.edit.close')}
        </button>
        <button type="submit" className={primaryButton} disabled={editRequest.isPending}>
          {editRequest.isPending ? t('requests.edit.saving') : t('requests.edit.save')}
        </button>
      </div>
    </form>
  );
}
