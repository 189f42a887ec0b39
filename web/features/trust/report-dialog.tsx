import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, type ReportReason } from '../../../common/trust.constants.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { describe, FieldErrorText, inputClass, labelClass } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useReportRequest } from './trust.api.ts';

/** Report a request: why (asks for money, fake or duplicate, abusive) and an optional note. */
export function ReportDialog({
  requestId,
  open,
  onClose,
}: {
  requestId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const report = useReportRequest();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t('trust.report.reasonRequired'));
      return;
    }
    setError(undefined);
    report.mutate(
      { id: requestId, report: { reason, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => {
          onClose();
          void toastSuccess(t('trust.report.sent'), 2500);
        },
        onError: (failure) => {
          onClose();
          void errorDialog(
            t('errors.title'),
            failure instanceof ApiError ? failure.message : t('errors.generic'),
          );
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={t('trust.report.title')}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div>
          <label htmlFor={`${id}-reason`} className={labelClass}>
            {t('trust.report.reason')}
          </label>
          <select
            {...describe(`${id}-reason`, error)}
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason | '')}
            className={inputClass}
            data-autofocus
          >
            <option value="">{t('trust.report.choose')}</option>
            {REPORT_REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`trust.report.reasons.${value}`)}
              </option>
            ))}
          </select>
          <FieldErrorText id={`${id}-reason`} message={error} />
        </div>
        <div>
          <label htmlFor={`${id}-note`} className={labelClass}>
            {t('trust.report.note')}
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('trust.report.cancel')}
          </button>
          <button type="submit" className={primaryButton} disabled={report.isPending}>
            {report.isPending ? t('trust.report.sending') : t('trust.report.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
