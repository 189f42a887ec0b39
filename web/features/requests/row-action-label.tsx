import type { ReactNode } from 'react';

const PATHS = {
  view: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  done: <path d="M20 6 9 17l-5-5" />,
  cancel: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m5.6 5.6 12.8 12.8" />
    </>
  ),
  edit: <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />,
  delete: <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />,
  // A handset: Contact on a row (issue 28), the pledged donors' numbers.
  contact: (
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2Z" />
  ),
  repost: (
    <>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5" />
    </>
  ),
} as const;

/**
 * A request row action's content: an icon and its words (issue 30 item 10). In a table at
 * laptop width the words are for screen readers and the tooltip only, so a row's actions sit in
 * one row of icons (styles.css, `.row-action-label`); in a card, and everywhere else, the words
 * show beside the icon. The button keeps the words as its name either way.
 */
export function RowActionLabel({
  icon,
  children,
}: {
  icon: keyof typeof PATHS;
  children: ReactNode;
}) {
  return (
    <>
      <svg
        viewBox="0 0 24 24"
        className="row-action-icon hidden size-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {PATHS[icon]}
      </svg>
      <span className="row-action-label">{children}</span>
    </>
  );
}
