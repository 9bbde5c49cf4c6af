import { useId, useRef, type ReactNode } from 'react';
import { useModal } from './use-modal';

interface Props {
  /** Names in it go inside <Name> (isolated from the sentence around them). */
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Which button has the focus when it opens (Enter presses it). Cancel unless told otherwise. */
  defaultAction?: 'cancel' | 'confirm';
  /** How each button looks, by what it does: danger for what cannot be taken back or is real. */
  confirmTone?: 'danger' | 'primary';
  cancelTone?: 'plain' | 'primary';
  onConfirm(): void;
  onCancel(): void;
  /** Where the focus goes afterwards, when not back to the control that opened it. */
  returnFocusTo?: () => HTMLElement | null;
}

/** A modal question on the native <dialog>: the browser traps focus, Escape cancels. */
export function ConfirmDialog(props: Props) {
  const { title, children, confirmLabel, cancelLabel = 'Cancel', defaultAction = 'cancel' } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useModal(dialog, { initial: defaultAction === 'confirm' ? confirm : cancel, returnTo: props.returnFocusTo });
  const tone = (value: string | undefined) => (value === 'plain' || value === undefined ? undefined : value);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="dialog"
      onCancel={(event) => (event.preventDefault(), props.onCancel())}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <button ref={cancel} type="button" className={tone(props.cancelTone)} onClick={props.onCancel}>
          {cancelLabel}
        </button>
        <button ref={confirm} type="button" className={tone(props.confirmTone ?? 'primary')} onClick={props.onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
