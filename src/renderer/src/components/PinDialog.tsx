import { useId, useRef, useState } from 'react';
import { managerTaskInWords, type ManagerPermit } from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { usePinRequest } from '../manager';
import { useWindowState } from '../window-state';
import { PinField } from './PinField';
import { useModal } from './use-modal';
import { usePinRefusal } from './use-pin-refusal';

/**
 * Asks for the manager's PIN when main said a task needs it; main checks it, and counts wrong tries.
 * When the person typed on after asking, the question waits in sight (its live region announces
 * it) and opens when they go to it.
 */
export function PinDialog() {
  const request = usePinRequest((state) => state.request);
  const titleId = useId();
  return (
    <div aria-live="polite" className="question-waiting-place">
      {request?.waiting && (
        <div role="group" aria-labelledby={titleId} className="question-waiting">
          <p id={titleId}>{managerTaskInWords(request.permit)} needs the manager’s PIN.</p>
          <div className="waiting-actions">
            <button type="button" onClick={() => request.done(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => usePinRequest.setState({ request: { ...request, waiting: false } })}
            >
              Enter the PIN…
            </button>
          </div>
        </div>
      )}
      {request && !request.waiting && (
        <PinQuestion key={JSON.stringify(request.permit)} permit={request.permit} done={request.done} />
      )}
    </div>
  );
}

/** Why main did not unlock, in the window's words: the wait it imposes is counted down beside it. */
function refusalOf(error: unknown): string {
  if (!(error instanceof CallError)) return messageOf(error);
  if (error.detail.code === 'manager_pin_wrong') return 'That is not the manager’s PIN.';
  if (error.detail.code === 'manager_pin_wait') return 'Too many wrong PINs.';
  return error.detail.message;
}

function PinQuestion({ permit, done }: { permit: ManagerPermit; done(unlocked: boolean): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const { field: asked, waitLeft, refused } = usePinRefusal(refusalOf);
  const titleId = useId();
  useModal(dialog, { initial: field });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      useWindowState.setState({ managerLock: await call('unlockManager', { pin, permit }) });
      done(true);
    } catch (error) {
      setPin('');
      field.current?.focus();
      refused(error);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="dialog"
      onCancel={(e) => (e.preventDefault(), done(false))}
    >
      <h2 id={titleId}>Manager’s PIN</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="dialog-body">
          <p>{managerTaskInWords(permit)} needs the manager’s PIN.</p>
          <PinField
            id="manager-pin"
            label="PIN"
            value={pin}
            onChange={setPin}
            autoComplete="off"
            inputRef={field}
            {...asked}
          />
        </div>
        <div className="dialog-actions">
          <button type="button" onClick={() => done(false)}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={waitLeft > 0 || pin === ''}>
            Unlock
          </button>
        </div>
      </form>
    </dialog>
  );
}
