import { Fragment } from 'react';

/**
 * An email address written out whole, with line-break chances after "@" and each "." (and
 * before "+", "-" and "_" runs), so a long address wraps at sensible points on a 390 px phone
 * instead of being cut off with an ellipsis — it is often the only way to reach a donor
 * (issue 30 item 5). `break-words` stays as the last resort for one very long part.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])|(?=[+_-])/);
  return (
    <span className="email-text break-words">
      {parts.map((part, index) => (
        // Parts of one fixed string: their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the split of one immutable string
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
