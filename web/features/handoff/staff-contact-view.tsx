import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffContactViewSchema } from '../../../common/handoff.schema.ts';
import type { RequestContactsResponse } from '../../../common/handoff-response.schema.ts';
import { displayBdMobile } from '../../../common/phone.rules.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { describe, FieldErrorText, inputClass, labelClass } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { ApiError, apiMessage } from '../../lib/api.ts';
import { TWO_FACTOR_PAGE } from '../auth/two-factor-banner.tsx';
import { CallButtons } from './call-buttons.tsx';
import { DonorNumbers } from './donor-numbers.tsx';
import { useStaffContactView } from './handoff.api.ts';

/**
 * Staff's audited view of a request's numbers (issue 28, decision 036): nothing is asked until a
 * volunteer or admin gives a reason, and the numbers then stay in this component only (not in a
 * cache): seeing them again is a new, audited look. The server refuses an admin without two-step
 * sign-in (TWO_FACTOR_REQUIRED); the dialog says so first and links to set it up.
 */
export function StaffContactView({
  request,
  secondFactorMissing,
}: {
  request: { id: string; requesterName: string };
  secondFactorMissing: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const view = useStaffContactView(request.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  // The reason's own fault (said at the field) apart from a refusal of the look itself.
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [shown, setShown] = useState<RequestContactsResponse>();
  const resultTitle = useRef<HTMLHeadingElement>(null);

  // The numbers appear where the dialog was: a screen reader is taken to them.
  useEffect(() => {
    if (shown) resultTitle.current?.focus();
  }, [shown]);

  const close = () => {
    setOpen(false);
    setError(undefined);
    setRefusal(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule and words for a reason (common/handoff.schema.ts), before any request.
    const parsed = staffContactViewSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setRefusal(undefined);
    view.mutate(parsed.data.reason, {
      onSuccess: (answer) => {
        setReason('');
        setOpen(false);
        setShown(answer);
      },
      onError: (failure) => {
        const words = apiMessage(failure, t('errors.generic'));
        if (failure instanceof ApiError && 'reason' in failure.details) setError(words);
        else setRefusal(words);
      },
    });
  };

  return (
    <div className="mt-6">
      {shown ? (
        <button type="button" className={secondaryButton} onClick={() => setShown(undefined)}>
          {t('requests.handoff.staffHide')}
        </button>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
          {t('requests.handoff.staffButton')}
        </button>
      )}

      <Modal open={open} onClose={close} title={t('requests.handoff.staffTitle')}>
        {secondFactorMissing ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-gray-700">{t('requests.handoff.staffSecondFactor')}</p>
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className={secondaryButton} onClick={close}>
                {t('requests.handoff.close')}
              </button>
              <Link to={TWO_FACTOR_PAGE} className={primaryButton} data-autofocus>
                {t('requests.handoff.staffSecondFactorLink')}
              </Link>
            </div>
          </div>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <p className="text-sm text-gray-700">{t('requests.handoff.staffIntro')}</p>
            <div>
              <label htmlFor={`${id}-reason`} className={labelClass}>
                {t('requests.handoff.staffReason')}
              </label>
              <textarea
                {...describe(`${id}-reason`, error)}
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className={inputClass}
                data-autofocus
              />
              <FieldErrorText id={`${id}-reason`} message={error} />
            </div>
            {refusal && (
              <p role="alert" className="text-sm text-red-700">
                {refusal}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className={secondaryButton} onClick={close}>
                {t('requests.handoff.cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={view.isPending}>
                {view.isPending
                  ? t('requests.handoff.staffSending')
                  : t('requests.handoff.staffSubmit')}
              </button>
            </div>
          </form>
        )}
      </Modal>

      {shown && (
        <section
          aria-labelledby={`${id}-title`}
          className="mt-4 flex flex-col gap-4 rounded-xl border border-amber-200 bg-amber-50/50 p-4"
        >
          <div>
            <h2
              id={`${id}-title`}
              ref={resultTitle}
              tabIndex={-1}
              className="text-lg font-semibold text-gray-900"
            >
              {t('requests.handoff.staffResultTitle')}
            </h2>
            <p className="mt-1 text-sm text-gray-700">{t('requests.handoff.staffRecorded')}</p>
          </div>
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold text-gray-900">
              {t('requests.handoff.staffContact')}
            </h3>
            {shown.contact ? (
              <CallButtons name={request.requesterName} number={shown.contact} />
            ) : (
              <p className="text-sm text-gray-800">{t('requests.handoff.staffNoContact')}</p>
            )}
            {shown.unverifiedContact && (
              <p className="text-sm text-gray-700">
                {t('requests.handoff.staffUnverified', {
                  number: displayBdMobile(shown.unverifiedContact),
                })}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-gray-900">
              {t('requests.handoff.staffDonors')}
            </h3>
            <DonorNumbers
              donors={shown.donors}
              emptyText={t('requests.handoff.staffNoDonors')}
              withStatus
            />
          </div>
        </section>
      )}
    </div>
  );
}
