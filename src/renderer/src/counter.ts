// Who is at the counter, as main decided it: the window shows it and never decides it. Main signs
// the person out after the idle time a manager sets; the window only tells main, now and then,
// that the person is still there (a key, a click), and offers the sign-in dialog when main asks.
import { toast } from 'sonner';
import { create } from 'zustand';
import { IDLE_SIGN_OUT_MINUTES, type CounterView } from '../../shared/contract';
import { call, subscribe, whenRefused } from './api';

/** The window tells main the person is still there at most this often: main's idle clock is this close. */
const STILL_HERE_EVERY_MS = 10_000;

/** The key that picks the person at `index` of the list in the sign-in dialog: 1 to 9, then none. */
export const numberKey = (index: number): string | undefined => (index < 9 ? String(index + 1) : undefined);

interface CounterState {
  view: CounterView;
  /** The sign-in dialog is open. */
  asking: boolean;
}

export const useCounter = create<CounterState>(() => ({
  view: { staff: [], signedIn: null, signInRequired: false, idleSignOutMinutes: IDLE_SIGN_OUT_MINUTES.default },
  asking: false,
}));

/** Opens the sign-in dialog; with nobody on the list, says who can change that. */
export function askWhoIsAtTheCounter(): void {
  if (useCounter.getState().view.staff.length === 0) {
    toast('Nobody is on the staff list: a manager adds the shop’s staff in Settings.');
    return;
  }
  useCounter.setState({ asking: true });
}

export const stopAsking = () => useCounter.setState({ asking: false });

/** What main decided, as it said it (an answer or an event). */
export const showCounter = (view: CounterView) => useCounter.setState({ view });

/**
 * Starts following main's decisions on the counter, offering the sign-in dialog when main refuses a
 * write for want of someone signed in, and telling main the person is still there; returns the stop.
 */
export function followTheCounter(): () => void {
  void call('counter', undefined).then(showCounter);
  const unsubscribe = subscribe('counterChanged', showCounter);
  const stopListening = whenRefused((error) => {
    if (error.code === 'sign_in_required') askWhoIsAtTheCounter();
  });
  let toldAt = 0;
  const stillHere = () => {
    if (useCounter.getState().view.signedIn === null || Date.now() - toldAt < STILL_HERE_EVERY_MS) return;
    toldAt = Date.now();
    void call('stillAtCounter', undefined).catch(() => (toldAt = 0));
  };
  window.addEventListener('keydown', stillHere, true);
  window.addEventListener('pointerdown', stillHere, true);
  return () => {
    unsubscribe();
    stopListening();
    window.removeEventListener('keydown', stillHere, true);
    window.removeEventListener('pointerdown', stillHere, true);
  };
}
