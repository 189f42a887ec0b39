import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUEST_STATUSES } from '../../../common/constants.ts';
import type { StatusFilter as Filter } from './requests.api.ts';

/** The request lists' status filter (SPEC §9: pending, inprogress, done, cancel), plus All. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: Filter;
  onChange: (status: Filter) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {t('requests.filterLabel')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Filter)}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-red-500"
      >
        <option value="">{t('requests.status.all')}</option>
        {REQUEST_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`requests.status.${status}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Reads ?status= ; anything but a known status means every status. */
export function statusFrom(params: URLSearchParams): Filter {
  const status = params.get('status') ?? '';
  return (REQUEST_STATUSES as readonly string[]).includes(status) ? (status as Filter) : '';
}
