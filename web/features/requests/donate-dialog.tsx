import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useChangeRequestStatus } from './requests.api.ts';

/**
 * SPEC §2 Donate Now: the donor reviews their own name and email, then Confirm sets the request
 * in progress with them as its donor. Of several donors at once only one wins; the others get the
 * server's 409 message, unless the winner is this user already (a second tab): that is a success.
 * `onSettled` reloads the request either way.
 */
export function DonateDialog({
  requestId,
  user,
  open,
  onClose,
  onSettled,
}: {
  requestId: string;
  user: SessionUser;
  open: boolean;
  onClose: () => void;
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const donate = useChangeRequestStatus();

  const confirm = () =>
    donate.mutate(
      { id: requestId, status: 'inprogress' },
      {
        onSuccess: ({ already }) => {
          onClose();
          const message = already
            ? t('requests.detail.alreadyDonated')
            : t('requests.detail.donated');
          void toastSuccess(message, 2000);
        },
        onError: (error) => {
          onClose();
          void errorDialog(
            t('errors.title'),
            error instanceof ApiError ? error.message : t('errors.generic'),
          );
        },
        onSettled,
      },
    );

  return (
    <Modal open={open} onClose={onClose} title={t('requests.detail.dialogTitle')}>
      <div className="flex flex-col gap-4">
        {/* Read-only and cut at the field's edge: the title holds a long name whole. */}
        <TextField
          id={`${id}-name`}
          label={t('requests.detail.yourName')}
          type="text"
          readOnly
          value={user.name}
          title={user.name}
        />
        <TextField
          id={`${id}-email`}
          label={t('requests.detail.yourEmail')}
          type="email"
          readOnly
          value={user.email}
          title={user.email}
        />
        <div className="mt-2 flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose} data-autofocus>
            {t('requests.detail.close')}
          </button>
          <button
            type="button"
            className={primaryButton}
            disabled={donate.isPending}
            onClick={confirm}
          >
            {donate.isPending ? t('requests.detail.confirming') : t('requests.detail.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
