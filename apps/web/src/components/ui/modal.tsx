import { useEffect, useId, useRef, type ReactNode } from 'react';

const tabbable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first and Shift+Tab back, never out to the browser. */
function wrapFocus(this: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const controls = [...this.querySelectorAll<HTMLElement>(tabbable)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const edge = event.shiftKey ? first : last;
  if (document.activeElement === edge) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * A titled modal around a form or other content. The native <dialog> opened with showModal()
 * makes the page behind it inert and closes on Escape; focus wraps around inside it and returns
 * to the opener when it closes.
 * The content is only rendered while open, so a form inside starts afresh every time.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.addEventListener('keydown', wrapFocus);
    return () => dialog?.removeEventListener('keydown', wrapFocus);
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // React state decides whether the dialog is open, not the browser.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box max-h-[90dvh]">
        <div className="mb-2 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square -mt-1 -mr-2"
            aria-label="Close"
            onClick={onClose}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {open && children}
      </div>
    </dialog>
  );
}
