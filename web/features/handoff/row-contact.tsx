import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { secondaryButton } from '../../components/button-styles.ts';
import { Modal } from '../../components/modal.tsx';
import { apiMessage } from '../../lib/api.ts';
import { RowActionLabel } from '../requests/row-action-label.tsx';
import { rowActionClass } from '../requests/row-action-styles.ts';
import { DonorNumbers } from './donor-numbers.tsx';
import { useRequestContacts } from './handoff.api.ts';

type RowRequest = Pick<
  DonationRequestResponse,
  'id' | 'status' | 'removed' | 'bagsPledged' | 'recipientName'
>;

/** A row offers Contact while its request is open and a pledge stands (decision 036's rule). */
export const offersContact = (request: RowRequest) =>
  !request.removed &&
  (request.status === 'pending' || request.status === 'inprogress') &&
  request.bagsPledged > 0;

/**
 * Contact on a My Donation Request row (issue 28, item 3): the requester's pledged donors with
 * Call and SMS. The numbers are asked for only when the button is pressed (each answer is an
 * audited reveal), never with the list; the server decides who may see them.
 */
export function RowContact({ request }: { request: RowRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!offersContact(request)) return null;
  return (
    <>
      <button
        type="button"
        className={rowActionClass.plain}
        aria-label={t('requests.handoff.rowContactLabel', { name: request.recipientName })}
        aria-haspopup="dialog"
        title={t('requests.handoff.rowContact')}
        onClick={() => setOpen(true)}
      >
        {/* An icon in a laptop table's one row of actions, its word in a card (issue 30 item 10). */}
        <RowActionLabel icon="contact">{t('requests.handoff.rowContact')}</RowActionLabel>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('requests.handoff.rowTitle', { name: request.recipientName })}
      >
        {/* Mounted only while open (Modal renders its children then): the ask starts here. */}
        <DonorsOf requestId={request.id} />
        <div className="mt-5 flex justify-end">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setOpen(false)}
            data-autofocus
          >
            {t('requests.handoff.close')}
          </button>
        </div>
      </Modal>
    </>
  );
}

function DonorsOf({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const contacts = useRequestContacts(requestId, true);
  return (
    <div className="flex flex-col gap-3" aria-busy={contacts.isPending || undefined}>
      <p className="text-sm text-gray-700">{t('requests.handoff.requesterText')}</p>
      {contacts.isPending && (
        <p role="status" className="text-sm text-gray-700">
          {t('requests.handoff.loading')}
        </p>
      )}
      {contacts.isError && (
        <p role="alert" className="text-sm text-gray-800">
          {apiMessage(contacts.error, t('errors.generic'))}
        </p>
      )}
      {contacts.data && (
        <DonorNumbers donors={contacts.data.donors} emptyText={t('requests.handoff.noDonorsYet')} />
      )}
    </div>
  );
}
