import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_BAGS } from '../../../common/constants.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { secondaryButton } from '../../components/button-styles.ts';
import { inputClass, labelClass } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { useSetRequestBags } from './requests.api.ts';

/**
 * Issue 27, one request per need: the requester raises (or lowers, not below the donors who
 * already said yes) the bags of their open request, pending or in progress.
 */
export function BagsEditor({
  request,
  onChanged,
}: {
  request: DonationRequestResponse;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const setBags = useSetRequestBags();
  const [bags, setChosen] = useState(request.bags);
  const lowest = Math.max(1, request.bagsPledged);
  const choices = Array.from({ length: MAX_BAGS - lowest + 1 }, (_, index) => lowest + index);

  const save = () =>
    setBags.mutate(
      { id: request.id, bags },
      {
        onSuccess: () => void toastSuccess(t('requests.bagsEditor.done', { count: bags }), 2000),
        onError: (error) =>
          void errorDialog(
            t('errors.title'),
            error instanceof ApiError ? error.message : t('errors.generic'),
          ),
        onSettled: onChanged,
      },
    );

  return (
    <section className="mt-6 rounded-xl border border-gray-200 p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-gray-900">
        {t('requests.bagsEditor.title')}
      </h2>
      <p id={`${id}-help`} className="mt-1 text-sm text-gray-600">
        {t('requests.bagsEditor.help')}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-bags`} className={labelClass}>
            {t('requests.fields.bags')}
          </label>
          <select
            id={`${id}-bags`}
            className={`${inputClass} w-28`}
            aria-describedby={`${id}-help`}
            value={bags}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {choices.map((count) => (
              <option key={count} value={count}>
                {formatNumber(count)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={secondaryButton}
          disabled={setBags.isPending || bags === request.bags}
          onClick={save}
        >
          {setBags.isPending ? t('requests.bagsEditor.saving') : t('requests.bagsEditor.save')}
        </button>
      </div>
    </section>
  );
}
