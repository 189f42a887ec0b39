import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (so focus stays
 * inside), Escape closes it, and focus returns to the opener when it closes. The element marked
 * `data-autofocus` gets the focus on opening.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal() focuses the first focusable element; a dialog can name a better one
      // (a read-only field's focus ring reads as an error).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      // Escape fires `cancel`, then `close`; both end in the parent's state.
      onClose={onClose}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl p-0 shadow-xl backdrop:bg-black/50 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="mb-4 text-xl font-bold text-gray-900">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
