import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayBdMobile, normalizeBdMobile } from '../../../common/phone.rules.ts';
import { phoneCodeSchema } from '../../../common/phone.schema.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { FieldErrorText, labelClass } from '../../components/form-field.tsx';
import { PhoneCodeInput, PhoneNumberInput } from '../../components/phone-inputs.tsx';
import { apiMessage } from '../../lib/api.ts';
import { toastSuccess } from '../../lib/dialogs.ts';
import { personName } from '../../lib/person-name.ts';
import { CallButtons } from './call-buttons.tsx';
import { DonorNumbers } from './donor-numbers.tsx';
import {
  useConfirmContactCode,
  useRequestContacts,
  useSendContactCode,
  useSetContactNumber,
} from './handoff.api.ts';

/**
 * The hand-off of a request (issue 28, items 2 and 3): while a pledge stands on an open request,
 * its donor sees the family's number and the requester each pledged donor's, written out with
 * Call and SMS. The page shows it only to the two sides (`side`): each load is an audited reveal.
 */
export function HandoffPanel({
  request,
  side,
}: {
  request: Pick<DonationRequestResponse, 'id' | 'status' | 'requesterName'>;
  side: 'requester' | 'donor';
}) {
  const { t } = useTranslation();
  const id = useId();
  const contacts = useRequestContacts(request.id, true);
  const data = contacts.data;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-xl border border-red-100 bg-red-50/40 p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {t('requests.handoff.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {side === 'donor' ? t('requests.handoff.donorText') : t('requests.handoff.requesterText')}
      </p>
      {contacts.isError && (
        <p role="alert" className="mt-3 text-sm text-gray-800">
          {apiMessage(contacts.error, t('errors.generic'))}
        </p>
      )}
      {data && side === 'donor' && (
        <div className="mt-3">
          {data.contact ? (
            <CallButtons name={personName(t, request.requesterName)} number={data.contact} />
          ) : (
            <p className="text-sm text-gray-800">{t('requests.handoff.noFamilyNumber')}</p>
          )}
        </div>
      )}
      {data && side === 'requester' && (
        <div className="mt-3 flex flex-col gap-4">
          <DonorNumbers donors={data.donors} emptyText={t('requests.handoff.noDonorsYet')} />
          <ContactNumber
            requestId={request.id}
            editable={request.status === 'pending'}
            shown={data.contact}
            unverified={data.unverifiedContact}
          />
        </div>
      )}
    </section>
  );
}

/** The requester's contact number: what donors are given, and one waiting for its SMS code. */
function ContactNumber({
  requestId,
  editable,
  shown,
  unverified,
}: {
  requestId: string;
  editable: boolean;
  shown: string | null;
  unverified: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendContactCode(requestId);
  const confirm = useConfirmContactCode(requestId);
  const setNumber = useSetContactNumber(requestId);
  const [code, setCode] = useState('');
  const [typed, setTyped] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [error, setError] = useState<string>();

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    // The profile's rule and words for a code (common/phone.schema.ts).
    const parsed = phoneCodeSchema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    confirm.mutate(parsed.data.code, {
      onSuccess: () => {
        setCode('');
        setCodeSent(false);
        void toastSuccess(t('requests.handoff.contactVerified'));
      },
      onError: (failure) => setError(apiMessage(failure, t('errors.generic'))),
    });
  };
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!normalizeBdMobile(typed)) {
      return setError(t('requests.handoff.notMobile'));
    }
    setNumber.mutate(typed.trim(), {
      onSuccess: () => {
        setTyped('');
        void toastSuccess(t('requests.handoff.contactSaved'));
      },
      onError: (failure) => setError(apiMessage(failure, t('errors.generic'))),
    });
  };

  return (
    <div className="flex flex-col gap-3 border-t border-red-100 pt-3">
      <p className="text-sm text-gray-800">
        {shown
          ? t('requests.handoff.donorsGet', { number: displayBdMobile(shown) })
          : t('requests.handoff.donorsGetNothing')}
      </p>
      {unverified && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-gray-800">
            {t('requests.handoff.unverified', { number: displayBdMobile(unverified) })}
          </p>
          <div>
            <button
              type="button"
              className={secondaryButton}
              disabled={send.isPending}
              onClick={() => {
                setError(undefined);
                send.mutate(undefined, {
                  onSuccess: () => setCodeSent(true),
                  onError: (failure) => setError(apiMessage(failure, t('errors.generic'))),
                });
              }}
            >
              {t('requests.handoff.sendCode')}
            </button>
          </div>
          {codeSent && (
            <form noValidate onSubmit={onConfirm} className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor={`${id}-code`} className={labelClass}>
                  {t('requests.handoff.code')}
                </label>
                <PhoneCodeInput id={`${id}-code`} value={code} onChange={setCode} />
              </div>
              <button type="submit" className={primaryButton} disabled={confirm.isPending}>
                {t('requests.handoff.confirm')}
              </button>
            </form>
          )}
        </div>
      )}
      {editable && (
        <form noValidate onSubmit={onSave} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-number`} className={labelClass}>
              {t('requests.handoff.setContact')}
            </label>
            <PhoneNumberInput id={`${id}-number`} value={typed} onChange={setTyped} />
          </div>
          <button type="submit" className={secondaryButton} disabled={setNumber.isPending}>
            {t('requests.handoff.save')}
          </button>
        </form>
      )}
      {/* A message key (the code's rule) is said in the page's language; the server's words as they come. */}
      <FieldErrorText id={`${id}-contact`} message={error} />
    </div>
  );
}
