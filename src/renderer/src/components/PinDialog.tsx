import { useEffect, useId, useRef, useState } from 'react';
import { managerTaskInWords, type ManagerPermit } from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { usePinRequest } from '../manager';
import { useApp } from '../store';
import { PinField } from './PinField';
import { useModal } from './use-modal';

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

function PinQuestion({ permit, done }: { permit: ManagerPermit; done(unlocked: boolean): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState('');
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const titleId = useId();
  useModal(dialog, { initial: field });
  const waitLeft = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  useEffect(() => {
    if (waitLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [waitLeft]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      useApp.setState({ managerLock: await call('unlockManager', { pin, permit }) });
      done(true);
    } catch (error) {
      setPin('');
      field.current?.focus();
      const retryAfterMs = error instanceof CallError ? (error.detail.retryAfterMs ?? 0) : 0;
      setWaitUntil(Date.now() + retryAfterMs);
      setNow(Date.now());
      setProblem(messageOf(error));
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
            problem={waitLeft > 0 ? `Too many wrong PINs: the next try is possible in ${waitLeft} s.` : problem}
            autoComplete="off"
            inputRef={field}
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
