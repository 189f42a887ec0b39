import type { ReactNode } from 'react';

/**
 * The dashboard's request tables: a caption for screen readers, column headers, and horizontal
 * scrolling on small screens.
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
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
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

/** The donor of a request in progress or done: name and email; nothing otherwise. */
export function DonorCell({ name, email }: { name: string | null; email: string | null }) {
  if (!name && !email) return <span aria-hidden="true">—</span>;
  return (
    <span className="flex flex-col">
      <span className="font-medium whitespace-nowrap">{name}</span>
      <span className="whitespace-nowrap text-gray-600">{email}</span>
    </span>
  );
}
