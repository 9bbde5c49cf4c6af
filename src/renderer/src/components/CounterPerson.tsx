import { ariaKeyShortcuts, COMMANDS, shortcutLabel } from '../../../shared/commands';
import { call } from '../api';
import { askWhoIsAtTheCounter, showCounter, useCounter } from '../counter';
import { isMac } from '../format';
import { Name } from './Name';
import { FALLBACK_FOCUS_ID } from './use-modal';
import './counter.css';

const SIGN_IN_BUTTON_ID = 'sign-in-button';
const keys = COMMANDS['sign-in'].keys;

/**
 * Who is signed in at the counter, always in the top bar, with Sign out; Sign in… when the shop has
 * counter staff and nobody is. A shop without staff sees nothing here. Main decides; this shows it.
 */
export function CounterPerson() {
  const { signedIn, signInRequired } = useCounter((state) => state.view);
  const signOut = async () => {
    showCounter(await call('signOut', undefined));
    // The button pressed is gone: the focus goes to the one that took its place, or the work.
    requestAnimationFrame(() =>
      (document.getElementById(SIGN_IN_BUTTON_ID) ?? document.getElementById(FALLBACK_FOCUS_ID))?.focus(),
    );
  };
  return (
    <div className="counter-person" aria-live="polite">
      {signedIn ? (
        <>
          <span className="person">
            Signed in: <Name>{signedIn.name}</Name>
            {signedIn.role === 'manager' && ' (manager)'}
          </span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </>
      ) : signInRequired ? (
        <>
          <span className="person nobody">Nobody signed in</span>
          <button
            id={SIGN_IN_BUTTON_ID}
            type="button"
            className="primary"
            title={shortcutLabel(keys[0], isMac)}
            aria-keyshortcuts={ariaKeyShortcuts(keys, isMac)}
            onClick={askWhoIsAtTheCounter}
          >
            Sign in…
          </button>
        </>
      ) : null}
    </div>
  );
}
