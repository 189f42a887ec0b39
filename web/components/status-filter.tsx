import { useId } from 'react';

/**
 * The lists' status filter: a labelled select with "All" (an empty value) and one option per
 * status. Request lists and All Users both use it, each with its own statuses and words.
 */
export function StatusFilter<const S extends string>({
  label,
  allLabel,
  statuses,
  labelOf,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  statuses: readonly S[];
  labelOf: (status: S) => string;
  /** The chosen status, or '' for all. */
  value: S | '';
  onChange: (status: S | '') => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          onChange((statuses as readonly string[]).includes(next) ? (next as S) : '');
        }}
        className="h-[42px] rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-red-500"
      >
        <option value="">{allLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labelOf(status)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filter's value read from the URL: a known status, or '' (all) for anything else. */
export function knownStatus<const S extends string>(statuses: readonly S[], value: string): S | '' {
  return (statuses as readonly string[]).includes(value) ? (value as S) : '';
}
