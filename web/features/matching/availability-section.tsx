import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { availabilitySchema } from '../../../common/availability.schema.ts';
import type { UserResponse } from '../../../common/user-response.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { FieldErrorText, inputClass, labelClass } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { formatDay } from './format-day.ts';
import { useSetAvailability } from './matching.api.ts';

type Choice = 'available' | 'until' | 'indefinitely';

/** The form's input look, sized to a date beside its radio button rather than the full row. */
const dateInputClass = inputClass.replace('mt-1 ', '').replace('w-full', 'w-auto');

const choiceOf = (me: UserResponse): Choice =>
  me.available ? 'available' : me.availableAgainOn ? 'until' : 'indefinitely';

/**
 * The donor's own pause, on the profile (issue 13): available, not available until a date (it
 * ends by itself that day), or until they turn it back on. Apart from eligibility, which follows
 * the last donation. While paused, the donor is neither matched nor alerted.
 */
export function AvailabilitySection({ me }: { me: UserResponse }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState<Choice>(choiceOf(me));
  const [until, setUntil] = useState(me.availableAgainOn ?? '');
  const [error, setError] = useState<string>();
  const save = useSetAvailability();

  // A fresh profile (after a save, or the pause ending) shows as it is now.
  useEffect(() => {
    setChoice(choiceOf(me));
    setUntil(me.availableAgainOn ?? '');
  }, [me]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body =
      choice === 'available'
        ? { available: true }
        : { available: false, until: choice === 'until' ? until : null };
    const parsed = availabilitySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => void toastSuccess(t('matching.availability.saved')),
      onError: (failure) =>
        void errorDialog(
          t('errors.title'),
          failure instanceof ApiError ? failure.message : t('errors.generic'),
        ),
    });
  };

  const status = me.available
    ? t('matching.availability.statusAvailable')
    : me.availableAgainOn
      ? t('matching.availability.statusUntil', {
          date: formatDay(me.availableAgainOn, i18n.language),
        })
      : t('matching.availability.statusPaused');

  const radio =
    'size-4 border-gray-300 accent-red-600 focus:outline-2 focus:outline-offset-2 focus:outline-red-500';

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {t('matching.availability.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('matching.availability.text')}</p>
      <p className="mt-3 text-sm font-medium text-gray-900" aria-live="polite">
        {status}
      </p>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2" disabled={save.isPending}>
          <legend className={labelClass}>{t('matching.availability.legend')}</legend>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name={`${id}-choice`}
              className={radio}
              checked={choice === 'available'}
              onChange={() => setChoice('available')}
            />
            {t('matching.availability.available')}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name={`${id}-choice`}
                className={radio}
                checked={choice === 'until'}
                onChange={() => setChoice('until')}
              />
              {t('matching.availability.until')}
            </label>
            <label htmlFor={`${id}-until`} className="sr-only">
              {t('matching.availability.untilDate')}
            </label>
            <input
              id={`${id}-until`}
              type="date"
              value={until}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-until-error` : undefined}
              onChange={(event) => {
                setUntil(event.target.value);
                setChoice('until');
              }}
              className={dateInputClass}
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name={`${id}-choice`}
              className={radio}
              checked={choice === 'indefinitely'}
              onChange={() => setChoice('indefinitely')}
            />
            {t('matching.availability.indefinitely')}
          </label>
        </fieldset>
        <FieldErrorText id={`${id}-until`} message={error} />
        <div>
          <button type="submit" className={primaryButton} disabled={save.isPending}>
            {save.isPending ? t('matching.availability.saving') : t('matching.availability.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
