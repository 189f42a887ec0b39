import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: without
 * this, the browser lets the focus leave a modal <dialog> for its own address bar (issue 16).
 */
function holdFocus(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, Tab cycles
 * within it (`holdFocus`), Escape closes it, and focus returns to the opener when it closes. The
 * element marked `data-autofocus` gets the focus on opening.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  wide = false,
  blocking = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
  /** Escape does not close it (issue 31: the consent question waits for an answer). */
  blocking?: boolean;
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
      onClose={() => {
        // The browser closes a dialog on a second Escape whatever `cancel` said: open it again.
        if (blocking && open) ref.current?.showModal();
        else onClose();
      }}
      onCancel={blocking ? (event) => event.preventDefault() : undefined}
      onKeyDown={holdFocus}
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
