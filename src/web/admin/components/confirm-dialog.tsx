import { type ReactNode, useId } from 'react';
import { Modal } from './modal.tsx';
import '../../components/ui/buttons.css';

interface ConfirmDialogProps {
  title: ReactNode;
  /** The question, e.g. what will be deleted. */
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or the backdrop: nothing happens. */
  onCancel: () => void;
}

/** A 416 px confirmation (spec.md section 9) for destructive actions; Cancel has the focus, so Enter is safe. */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal title={title} size="confirm" role="alertdialog" describedBy={messageId} onClose={cancel}>
      <div id={messageId} className="modal__message">
        {children}
      </div>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={cancel} aria-disabled={busy} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          onClick={() => {
            if (!busy) onConfirm();
          }}
          aria-disabled={busy}
          aria-busy={busy}
        >
          {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
