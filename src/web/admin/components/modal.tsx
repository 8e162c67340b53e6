import { type MouseEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import './modal.css';

interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Escape, the Close button or a click on the backdrop. */
  onClose: () => void;
  /** 'default' is 520 px wide, 'confirm' 416 px (spec.md section 9); 'wide' 720 px, for reading (a mail). */
  size?: 'default' | 'confirm' | 'wide';
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that describes the dialog (a confirmation's question). */
  describedBy?: string;
  /** Show the × button in the corner. */
  closeButton?: boolean;
}

/**
 * A modal on the native <dialog> (showModal): the page behind is inert, Tab stays inside, Escape closes.
 * Mount it to open it and unmount it to close it. Focus goes to the element marked `data-autofocus`
 * (else the first focusable one) and back to where it was when the modal closes.
 */
export function Modal({ title, children, onClose, size = 'default', role, describedBy, closeButton = size !== 'confirm' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressedOnBackdrop = useRef(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  // A click that starts and ends on the backdrop (the dialog box itself, outside its content) closes it.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  };

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: the parent decides (it unmounts the modal, which closes it).
        event.preventDefault();
        onClose();
      }}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <div className="modal__content">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {closeButton ? (
            <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </dialog>
  );
}
