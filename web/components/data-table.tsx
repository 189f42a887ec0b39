import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The dashboard's tables: a caption for screen readers and column headers where the table fits
 * its box, and one card per row where it does not (`.data-table-frame[data-cards]` in
 * styles.css), so no action ever hides behind a sideways scroll (issue 11). Whether it fits is
 * measured, not guessed from the window: it depends on the sidebar, the language and the rows.
 * `busy` marks rows that are a previous page's, kept while the next one loads.
 *
 * Rows are the page's own `<tr>`s; in a card each value shows beside its column's name, which
 * this copies from `columns` onto the cells (`data-label`), so no page repeats its column names.
 * The row's `<th scope="row">` becomes the card's title.
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
  const frameRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [cards, setCards] = useState(false);
  // How wide the table was when it last did not fit: the box must grow past it to try again.
  const needed = useRef(0);

  // New rows may fit where the old ones did not (and the other way round): measure them as a
  // table. Both updates land before the browser paints, so nothing flickers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change
  useLayoutEffect(() => {
    setCards(false);
  }, [children]);

  useLayoutEffect(() => {
    const frame = frameRef.current;
    const table = tableRef.current;
    if (cards || !frame || !table) return;
    if (table.offsetWidth > frame.clientWidth + 1) {
      needed.current = table.offsetWidth;
      setCards(true);
    }
  });

  // The box changes width with the window (or the sidebar): check again.
  useEffect(() => {
    const frame = frameRef.current;
    const table = tableRef.current;
    if (!frame || !table) return;
    const observer = new ResizeObserver(() => {
      const width = frame.clientWidth;
      if (frame.dataset.cards !== undefined) {
        if (width >= needed.current) setCards(false);
      } else if (table.offsetWidth > width + 1) {
        needed.current = table.offsetWidth;
        setCards(true);
      }
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // After every render: rows come and go with pages, filters and status changes.
  useLayoutEffect(() => {
    for (const body of tableRef.current?.tBodies ?? []) {
      for (const row of body.rows) {
        for (const [index, cell] of Array.from(row.cells).entries()) {
          const label = columns[index];
          if (label && cell.dataset.label !== label) cell.dataset.label = label;
        }
      }
    }
  });

  return (
    <div ref={frameRef} className="data-table-frame" data-cards={cards ? '' : undefined}>
      <div
        className={`data-table-box overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition-opacity ${busy ? 'opacity-60' : ''}`}
      >
        <table
          ref={tableRef}
          className="data-table min-w-full divide-y divide-gray-200 text-left text-sm"
          aria-busy={busy || undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-3 font-semibold text-gray-700">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">{children}</tbody>
        </table>
      </div>
    </div>
  );
}

export const cellClass = 'px-2 py-3 align-top text-gray-800';
