import { useState } from 'react';

/**
 * A round profile photo; the name's initial when there is none or it fails to load.
 * Decorative: the name is always shown beside it.
 */
export function UserAvatar({
  name,
  image,
  className = 'size-10',
}: {
  name: string;
  image: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (image && failed !== image) {
    return (
      <img
        src={image}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(image)}
        className={`${className} shrink-0 rounded-full bg-gray-100 object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-red-100 font-semibold text-red-700`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
