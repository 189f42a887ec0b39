import { useId } from 'react';
import { formatNumber } from '../../../lib/i18n.ts';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A horizontal bar chart drawn with CSS. The bars are decoration (aria-hidden); screen readers
 * get the same numbers from a visually hidden table with the chart's title as its caption.
 */
export function BarChart({
  title,
  bars,
  labelHeader,
  valueHeader,
  barClassName = 'bg-red-600',
}: {
  title: string;
  bars: Bar[];
  labelHeader: string;
  valueHeader: string;
  barClassName?: string;
}) {
  const titleId = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure
      aria-labelledby={titleId}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <figcaption id={titleId} className="mb-4 text-lg font-semibold text-gray-900">
        {title}
      </figcaption>
      <div aria-hidden="true" className="flex flex-col gap-2.5">
        {bars.map((bar) => (
          <div
            key={bar.label}
            className="grid grid-cols-[6.5rem_1fr_3rem] items-center gap-3 text-sm"
          >
            <span className="truncate text-gray-700">{bar.label}</span>
            <span className="h-4 overflow-hidden rounded-full bg-gray-100">
              <span
                className={`block h-full rounded-full ${barClassName}`}
                style={{ width: `${(bar.value / max) * 100}%` }}
              />
            </span>
            <span className="text-right font-semibold text-gray-900 tabular-nums">
              {formatNumber(bar.value)}
            </span>
          </div>
        ))}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{formatNumber(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
