import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { inputClass, labelClass } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useRepost } from './lifecycle.api.ts';
import { RowActionLabel } from './row-action-label.tsx';
import { rowActionClass } from './row-action-styles.ts';

/** Tomorrow in Dhaka (UTC+6), as a date input's value. */
const tomorrowInDhaka = () =>
  new Date(Date.now() + 6 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);

/**
 * Repost on an expired request of one's own (issue 14): the same details, on a new date (tomorrow
 * unless changed) and time (the old one unless changed), after one confirmation.
 */
export function RepostButton({ request }: { request: DonationRequestResponse }) {
  const { t } = useTranslation();
  const id = useId();
  const repost = useRepost();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(tomorrowInDhaka);
  const [time, setTime] = useState(request.donationTime);
  if (request.status !== 'expired' || request.removed) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    repost.mutate(
      { id: request.id, when: { donationDate: date, donationTime: time } },
      {
        onSuccess: () => {
          setOpen(false);
          void toastSuccess(t('trust.repost.done'));
        },
        onError: (error) => {
          setOpen(false);
          void errorDialog(
            t('errors.title'),
            error instanceof ApiError ? error.message : t('errors.generic'),
          );
        },
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className={rowActionClass.danger}
        title={t('trust.repost.button')}
        onClick={() => setOpen(true)}
      >
        <RowActionLabel icon="repost">{t('trust.repost.button')}</RowActionLabel>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('trust.repost.title')}>
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <p className="text-sm text-gray-700">{t('trust.repost.intro')}</p>
          <div>
            <label htmlFor={`${id}-date`} className={labelClass}>
              {t('trust.repost.date')}
            </label>
            <input
              id={`${id}-date`}
              type="date"
              required
              min={tomorrowInDhaka()}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              className={inputClass}
              data-autofocus
            />
          </div>
          <div>
            <label htmlFor={`${id}-time`} className={labelClass}>
              {t('trust.repost.time')}
            </label>
            <input
              id={`${id}-time`}
              type="time"
              required
              value={time}
              onChange={(event) => setTime(event.target.value)}
              className={inputClass}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
              {t('trust.repost.cancel')}
            </button>
            <button type="submit" className={primaryButton} disabled={repost.isPending}>
              {repost.isPending ? t('trust.repost.sending') : t('trust.repost.submit')}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
