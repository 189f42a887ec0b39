import { useState } from 'react';
import { avatarSrc } from '../lib/avatar-src.ts';

/**
 * The one round profile photo of the app; the name's initials when there is none or it fails to
 * load.
 * Decorative: the name is always shown beside it. Drawn from the photo's small variant (192 px);
 * `eager` for the few above the fold (the account menu, the profile), lazy everywhere else.
 */
export function UserAvatar({
  name,
  image,
  className = 'size-10',
  eager = false,
}: {
  name: string;
  image: string | null;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (image && failed !== image) {
    return (
      <img
        src={avatarSrc(image)}
        alt=""
        // Square, and never drawn larger than this: the box is known before the stylesheet or
        // the photo arrives, so nothing moves when they do (the class sets the shown size).
        width={80}
        height={80}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(image)}
        className={`${className} shrink-0 rounded-full bg-gray-100 object-cover`}
      />
    );
  }
  // The initials are drawn by the stylesheet (::before), not written as text: they are a picture
  // of the name, and as text they would come before the name in a button's visible label, which
  // then no longer matches its spoken name (WCAG 2.5.3, axe's label-content-name-mismatch).
  return (
    <span
      aria-hidden="true"
      data-initials={initials(name) || '?'}
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-red-100 font-semibold text-red-700 before:content-[attr(data-initials)]`}
    />
  );
}

/** The first letters of the first two names: "Rahim Uddin" → "RU". */
export function initials(name: string) {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}
