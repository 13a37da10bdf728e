import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A titled modal around a form or other content. The native <dialog> opened with showModal()
 * keeps the focus inside and closes on Escape; focus returns to the opener when it closes.
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
