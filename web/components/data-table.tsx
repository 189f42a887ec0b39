import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether the frame's rows fit as a table at the frame's width. Measured on an unseen copy, so
 * the page itself never switches form to be measured (which would make a long card list jump:
 * the shorter table would pull the scroll position up).
 */
function tableFits(frame: HTMLElement): boolean {
  const width = frame.clientWidth;
  const probe = frame.cloneNode(true) as HTMLElement;
  probe.removeAttribute('data-cards');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText = `position:absolute;top:0;left:-100000px;width:${width}px;visibility:hidden`;
  document.body.append(probe);
  const fits = (probe.querySelector('table')?.offsetWidth ?? 0) <= width + 1;
  probe.remove();
  return fits;
}

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
    // Before the browser paints: the rows never show in the wrong form.
    if (frameRef.current) setCards(!tableFits(frameRef.current));
  });

  // The box changes width with the window (or the sidebar): measure again.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(() => setCards(!tableFits(frame)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

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
