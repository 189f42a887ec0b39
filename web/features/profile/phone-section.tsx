import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayBdMobile, normalizeBdMobile } from '../../../common/phone.rules.ts';
import { phoneCodeSchema } from '../../../common/phone.schema.ts';
import type { PhoneResponse } from '../../../common/phone-response.schema.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { FieldErrorText, labelClass } from '../../components/form-field.tsx';
import { PhoneCodeInput, PhoneNumberInput } from '../../components/phone-inputs.tsx';
import { apiMessage } from '../../lib/api.ts';
import { confirmDialog, toastSuccess } from '../../lib/dialogs.ts';
import { useSingleFlightCallback } from '../../lib/single-flight.ts';
import {
  useConfirmPhoneCode,
  useRemovePhone,
  useRequestPhoneCode,
  useSetSmsChoices,
} from './phone.api.ts';

const checkbox =
  'mt-1 size-4 rounded border-gray-300 accent-red-600 focus:outline-2 focus:outline-offset-2 focus:outline-red-500';

/**
 * The profile's mobile number (issue 28): add one, get a code by SMS and enter it, see it
 * verified, and choose SMS alerts (and critical ones at night). Only its owner sees it.
 */
export function PhoneSection({ phone }: { phone: PhoneResponse }) {
  const { t } = useTranslation();
  const id = useId();
  const [changing, setChanging] = useState(false);
  const asking = phone.pending !== null && !changing;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {t('profile.phone.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('profile.phone.text')}</p>
      {!phone.smsEnabled && !phone.number ? (
        <p className="mt-3 text-sm text-gray-800">{t('profile.phone.smsOff')}</p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {phone.number && <VerifiedNumber phone={phone} onChange={() => setChanging(true)} />}
          {phone.smsEnabled && asking && phone.pending ? (
            <CodeForm pendingNumber={phone.pending.number} onOther={() => setChanging(true)} />
          ) : (
            phone.smsEnabled &&
            (!phone.number || changing) && <NumberForm onSent={() => setChanging(false)} />
          )}
        </div>
      )}
    </section>
  );
}

function VerifiedNumber({ phone, onChange }: { phone: PhoneResponse; onChange: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const choices = useSetSmsChoices();
  const remove = useRemovePhone();
  const [error, setError] = useState<string>();
  // Asks first: the number then has to be verified again by SMS. A double click asks once.
  const askAndRemove = useSingleFlightCallback(async () => {
    const confirmed = await confirmDialog(
      t('profile.phone.removeTitle'),
      t('profile.phone.removeText'),
      { confirm: t('profile.phone.remove'), cancel: t('profile.phone.keep') },
    );
    if (!confirmed) return;
    await remove.mutateAsync(undefined).then(
      () => toastSuccess(t('profile.phone.removed')),
      (failure: unknown) => setError(apiMessage(failure, t('errors.generic'))),
    );
  });
  const save = (next: { smsAlerts: boolean; nightAlerts: boolean }) => {
    setError(undefined);
    choices.mutate(next, {
      onSuccess: () => void toastSuccess(t('profile.phone.saved')),
      onError: (failure) => setError(apiMessage(failure, t('errors.generic'))),
    });
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-900">
        <span className="font-medium">{displayBdMobile(phone.number ?? '')}</span>{' '}
        <span className="ml-2 inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
          {t('profile.phone.verified')}
        </span>
      </p>
      <fieldset className="flex flex-col gap-2" disabled={choices.isPending}>
        <legend className={labelClass}>{t('profile.phone.alertsLegend')}</legend>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-sms`}
            type="checkbox"
            className={checkbox}
            checked={phone.smsAlerts}
            aria-describedby={`${id}-sms-hint`}
            onChange={(event) =>
              save({
                smsAlerts: event.target.checked,
                nightAlerts: event.target.checked && phone.nightAlerts,
              })
            }
          />
          <div>
            <label htmlFor={`${id}-sms`} className="text-sm text-gray-800">
              {t('profile.phone.smsAlerts')}
            </label>
            <p id={`${id}-sms-hint`} className="text-sm text-gray-600">
              {t('profile.phone.smsAlertsHint')}
            </p>
          </div>
        </div>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-night`}
            type="checkbox"
            className={checkbox}
            checked={phone.nightAlerts}
            disabled={!phone.smsAlerts}
            aria-describedby={`${id}-night-hint`}
            onChange={(event) => save({ smsAlerts: true, nightAlerts: event.target.checked })}
          />
          <div>
            <label htmlFor={`${id}-night`} className="text-sm text-gray-800">
              {t('profile.phone.nightAlerts')}
            </label>
            <p id={`${id}-night-hint`} className="text-sm text-gray-600">
              {t('profile.phone.nightAlertsHint')}
            </p>
          </div>
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {phone.smsEnabled && (
          <button type="button" className={secondaryButton} onClick={onChange}>
            {t('profile.phone.change')}
          </button>
        )}
        <button
          type="button"
          className={secondaryButton}
          disabled={remove.isPending}
          onClick={() => void askAndRemove()}
        >
          {t('profile.phone.remove')}
        </button>
      </div>
    </div>
  );
}

function NumberForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const send = useRequestPhoneCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same rule the server keeps: a typo is said at once, and costs no code.
    if (!normalizeBdMobile(value)) {
      setError('validation.phone.bdMobile');
      return;
    }
    setError(undefined);
    send.mutate(value, {
      onSuccess: () => {
        setValue('');
        onSent();
      },
      onError: (failure) => setError(apiMessage(failure, t('errors.generic'))),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-number`} className={labelClass}>
        {t('profile.phone.number')}
      </label>
      <p id={`${id}-number-hint`} className="text-sm text-gray-600">
        {t('profile.phone.numberHint')}
      </p>
      <PhoneNumberInput
        id={`${id}-number`}
        value={value}
        onChange={setValue}
        invalid={!!error}
        describedBy={`${id}-number-hint${error ? ` ${id}-number-error` : ''}`}
      />
      <FieldErrorText id={`${id}-number`} message={error} />
      <div>
        <button type="submit" className={primaryButton} disabled={send.isPending}>
          {send.isPending ? t('profile.phone.sending') : t('profile.phone.sendCode')}
        </button>
      </div>
    </form>
  );
}

function CodeForm({ pendingNumber, onOther }: { pendingNumber: string; onOther: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const confirm = useConfirmPhoneCode();
  const resend = useRequestPhoneCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = phoneCodeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    confirm.mutate(parsed.data.code, {
      onSuccess: () => void toastSuccess(t('profile.phone.verifiedToast')),
      onError: (failure) => setError(apiMessage(failure, t('errors.generic'))),
    });
  };
  const display = displayBdMobile(pendingNumber);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <p className="text-sm text-gray-800" aria-live="polite">
        {t('profile.phone.codeSent', { number: display })}
      </p>
      <label htmlFor={`${id}-code`} className={labelClass}>
        {t('profile.phone.code')}
      </label>
      <PhoneCodeInput
        id={`${id}-code`}
        value={code}
        onChange={setCode}
        invalid={!!error}
        describedBy={error ? `${id}-code-error` : undefined}
      />
      <FieldErrorText id={`${id}-code`} message={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={confirm.isPending}>
          {confirm.isPending ? t('profile.phone.checking') : t('profile.phone.confirm')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(pendingNumber, {
              onSuccess: () => void toastSuccess(t('profile.phone.resent')),
              onError: (failure) => setError(apiMessage(failure, t('errors.generic'))),
            })
          }
        >
          {t('profile.phone.resend')}
        </button>
        <button type="button" className={secondaryButton} onClick={onOther}>
          {t('profile.phone.other')}
        </button>
      </div>
    </form>
  );
}
