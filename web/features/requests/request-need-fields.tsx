import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOOD_COMPONENTS, MAX_BAGS, URGENCIES } from '../../../common/constants.ts';
import { FieldErrorText, inputClass, labelClass } from '../../components/form-field.tsx';
import { formatNumber } from '../../lib/i18n.ts';
import type { RequestForm } from './request-form-fields.tsx';

const helpClass = 'mt-1 text-sm text-gray-600';

/** aria-describedby for a field with help text and maybe an error: both are read with it. */
const describedBy = (id: string, error: string | undefined) =>
  error ? `${id}-help ${id}-error` : `${id}-help`;

/**
 * Issue 27: what the family needs, in words they use: which part of the blood, how many bags
 * (one donor each), and how soon. Each field says in a line what it means. `minBags` is the
 * number of donors who already said yes (editing): the count cannot go below it.
 */
export function RequestNeedFields({ form, minBags = 1 }: { form: RequestForm; minBags?: number }) {
  const { t } = useTranslation();
  const id = useId();
  const {
    register,
    formState: { errors },
  } = form;
  const bagsError = errors.bags?.message;
  const componentError = errors.component?.message;
  const urgencyError = errors.urgency?.message;
  const bagChoices = Array.from({ length: MAX_BAGS }, (_, index) => index + 1).filter(
    (bags) => bags >= minBags,
  );

  return (
    <>
      <div>
        <label htmlFor={`${id}-component`} className={labelClass}>
          {t('requests.fields.component')}
        </label>
        <select
          id={`${id}-component`}
          className={inputClass}
          aria-invalid={componentError ? true : undefined}
          aria-describedby={describedBy(`${id}-component`, componentError)}
          {...register('component')}
        >
          {BLOOD_COMPONENTS.map((component) => (
            <option key={component} value={component}>
              {t(`requests.component.${component}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-component-help`} className={helpClass}>
          {t('requests.form.componentHelp')}
        </p>
        <FieldErrorText id={`${id}-component`} message={componentError} />
      </div>
      <div>
        <label htmlFor={`${id}-bags`} className={labelClass}>
          {t('requests.fields.bags')}
        </label>
        <select
          id={`${id}-bags`}
          className={inputClass}
          aria-invalid={bagsError ? true : undefined}
          aria-describedby={describedBy(`${id}-bags`, bagsError)}
          {...register('bags', { setValueAs: Number })}
        >
          {bagChoices.map((bags) => (
            <option key={bags} value={bags}>
              {formatNumber(bags)}
            </option>
          ))}
        </select>
        <p id={`${id}-bags-help`} className={helpClass}>
          {minBags > 1
            ? t('requests.edit.bagsBelowPledges', { count: minBags })
            : t('requests.form.bagsHelp')}
        </p>
        <FieldErrorText id={`${id}-bags`} message={bagsError} />
      </div>
      <fieldset
        className="sm:col-span-2"
        aria-invalid={urgencyError ? true : undefined}
        aria-describedby={urgencyError ? `${id}-urgency-error` : undefined}
      >
        <legend className={labelClass}>{t('requests.fields.urgency')}</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-3">
          {URGENCIES.map((urgency) => (
            <label
              key={urgency}
              className="flex cursor-pointer gap-2 rounded-lg border border-gray-300 bg-white p-3 has-checked:border-red-500 has-checked:bg-red-50 has-focus-visible:outline-2 has-focus-visible:outline-red-500"
            >
              <input
                type="radio"
                value={urgency}
                className="mt-0.5 size-4 shrink-0 accent-red-600"
                aria-describedby={`${id}-urgency-${urgency}`}
                {...register('urgency')}
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-gray-900">
                  {t(`requests.urgency.${urgency}`)}
                </span>
                <span id={`${id}-urgency-${urgency}`} className="block text-sm text-gray-600">
                  {t(`requests.form.urgencyHint.${urgency}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrorText id={`${id}-urgency`} message={urgencyError} />
      </fieldset>
    </>
  );
}
