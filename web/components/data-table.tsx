import type { ReactNode } from 'react';

/**
 * The dashboard's tables: a caption for screen readers, column headers, and horizontal scrolling
 * on small screens. `busy` marks rows that are a previous page's, kept while the next one loads.
 */
export function DataTable({
  caption,
  columns,
  children,
  busy = false,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
  busy?: boolean;
}) {
  return (
    // The rows' links and buttons are focusable, so keyboard users scroll by tabbing through them.
    <div
      className={`overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm transition-opacity ${busy ? 'opacity-60' : ''}`}
    >
      <table
        className="min-w-full divide-y divide-gray-200 text-left text-sm"
        aria-busy={busy || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-3 py-3 font-semibold whitespace-nowrap text-gray-700"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = 'px-3 py-3 align-top text-gray-800';
