import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { StaffMember } from '../../../shared/contract';
import { call, CallError, messageOf } from '../api';
import { numberKey, showCounter, stopAsking, useCounter } from '../counter';
import { Name } from './Name';
import { PinField } from './PinField';
import { useModal } from './use-modal';
import { usePinRefusal } from './use-pin-refusal';
import './counter.css';

/** Why main did not sign `name` in, in the window's words. */
const refusalOf = (name: string) => (error: unknown) => {
  if (!(error instanceof CallError)) return messageOf(error);
  if (error.detail.code === 'staff_pin_wrong') return `That is not ${name}’s PIN.`;
  if (error.detail.code === 'staff_pin_wait') return 'Too many wrong PINs.';
  return error.detail.message;
};

/**
 * Who is at the counter, from the keyboard: the shortcut opens it, a number picks the person, then
 * their PIN and Enter. Main checks the PIN (and slows wrong tries); the window shows main's answer.
 */
export function SignInDialog() {
  const asking = useCounter((state) => state.asking);
  return asking ? <SignInQuestion /> : null;
}

function SignInQuestion() {
  const { staff, signedIn } = useCounter((state) => state.view);
  const [chosen, setChosen] = useState<StaffMember | null>(null);
  const [pin, setPin] = useState('');
  const { field: asked, waitLeft, refused, clear } = usePinRefusal(refusalOf(chosen?.name ?? ''));
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const pinField = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  useModal(dialog, { initial: first });
  useEffect(() => (chosen ? pinField.current : first.current)?.focus(), [chosen]);

  const choose = (person: StaffMember | null) => {
    setChosen(person);
    setPin('');
    clear();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (chosen || event.ctrlKey || event.metaKey || event.altKey || !/^[1-9]$/.test(event.key)) return;
    const person = staff[Number(event.key) - 1];
    if (person === undefined) return;
    event.preventDefault(); // the digit is not the PIN's first
    choose(person);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen === null) return;
    try {
      showCounter(await call('signIn', { name: chosen.name, pin }));
      stopAsking();
      toast(
        <span>
          <Name>{chosen.name}</Name> is signed in.
        </span>,
      );
    } catch (error) {
      setPin('');
      pinField.current?.focus();
      refused(error);
    }
  };
  const signOut = async () => {
    showCounter(await call('signOut', undefined));
    stopAsking();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      className="dialog sign-in-dialog"
      onKeyDown={onKeyDown}
      // Escape goes back to the list from a person's PIN, and closes the list.
      onCancel={(event) => (event.preventDefault(), chosen ? choose(null) : stopAsking())}
    >
      <h2 id={titleId}>{chosen ? <Name>{chosen.name}</Name> : 'Who is at the counter?'}</h2>
      {chosen === null ? (
        <>
          <p id={hintId} className="hint">
            {signedIn ? (
              <>
                <Name>{signedIn.name}</Name> is signed in.{' '}
              </>
            ) : null}
            Press your number, then type your PIN and press Enter.
          </p>
          <ul className="staff-to-choose">
            {staff.map((person, index) => (
              <li key={person.name}>
                <button
                  ref={index === 0 ? first : undefined}
                  type="button"
                  aria-keyshortcuts={numberKey(index)}
                  onClick={() => choose(person)}
                >
                  <kbd aria-hidden="true">{numberKey(index)}</kbd>
                  <Name>{person.name}</Name>
                  {person.role === 'manager' && <span className="role"> (manager)</span>}
                </button>
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            {signedIn && (
              <button type="button" onClick={() => void signOut()}>
                Sign out <Name>{signedIn.name}</Name>
              </button>
            )}
            <button type="button" onClick={stopAsking}>
              Cancel
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p id={hintId} className="hint">
            Enter signs in; Escape goes back to the list.
          </p>
          <PinField
            id="sign-in-pin"
            label="PIN"
            value={pin}
            onChange={setPin}
            autoComplete="off"
            inputRef={pinField}
            {...asked}
          />
          <div className="dialog-actions">
            <button type="button" onClick={() => choose(null)}>
              Back
            </button>
            <button type="submit" className="primary" disabled={waitLeft > 0 || pin === ''}>
              Sign in
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
