/** The RedHope blood drop; decorative, so hidden from screen readers. */
export function DropIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <path fill="currentColor" d="M16 2C16 2 5 14.2 5 20.5a11 11 0 0 0 22 0C27 14.2 16 2 16 2z" />
      <path
        fill="#fff"
        fillOpacity=".55"
        d="M11.5 20a1.5 1.5 0 0 1 3 0 3.5 3.5 0 0 0 2.5 3.4 1.5 1.5 0 1 1-.8 2.9A6.5 6.5 0 0 1 11.5 20z"
      />
    </svg>
  );
}
