// line-clamp sets its own display (-webkit-box); a `block` beside it would undo the clamp.
const CLAMP = {
  1: 'block truncate',
  2: 'line-clamp-2 wrap-anywhere',
  3: 'line-clamp-3 wrap-anywhere',
} as const;

/**
 * Text a user typed (a name, an email, a hospital) where space is short: cut after `lines`
 * lines with an ellipsis, breaking even inside a word that has no space, and the whole text in
 * a tooltip. Its box must be allowed to shrink (`min-w-0` on a flex or grid child).
 */
export function LongText({
  text,
  lines = 1,
  className = '',
}: {
  text: string;
  lines?: keyof typeof CLAMP;
  className?: string;
}) {
  return (
    <span title={text} className={`long-text ${CLAMP[lines]} ${className}`}>
      {text}
    </span>
  );
}
