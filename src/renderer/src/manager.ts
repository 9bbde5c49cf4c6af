// The manager's PIN, asked for when main says a task needs it: the window never decides what is
// locked (main does, and tells it with manager_pin_required and the permit to ask for), it only
// asks the person. The unlock covers that one task, once; main locks again by itself.
import { create } from 'zustand';
import type { ManagerPermit } from '../../shared/contract';
import { CallError } from './api';
import { keysPressed } from './typing';

interface PinRequest {
  permit: ManagerPermit;
  /**
   * The person went on typing after asking: the question waits beside their work, and the dialog
   * opens only when they go to it (their keys never land in the PIN field).
   */
  waiting: boolean;
  /** True once main accepted a PIN; false when the person gave up. */
  done(unlocked: boolean): void;
}

export const usePinRequest = create<{ request: PinRequest | null }>(() => ({ request: null }));

/**
 * Asks for the PIN for the task `permit` names, which the person asked for when `keysPressed()` was
 * `askedAt`; resolves true once main unlocked it. A question still open is given up first.
 */
export function askForPin(permit: ManagerPermit, askedAt: number): Promise<boolean> {
  usePinRequest.getState().request?.done(false);
  return new Promise((resolve) => {
    usePinRequest.setState({
      request: {
        permit,
        waiting: keysPressed() !== askedAt,
        done: (unlocked) => {
          usePinRequest.setState({ request: null });
          resolve(unlocked);
        },
      },
    });
  });
}

/** Runs a task main may lock: asked for the PIN when main says so, then run again. Null when the person gave up. */
export async function asManager<T>(run: () => Promise<T>): Promise<T | null> {
  const askedAt = keysPressed();
  try {
    return await run();
  } catch (error) {
    const permit = error instanceof CallError && error.detail.code === 'manager_pin_required' && error.detail.permit;
    if (!permit) throw error;
    if (!(await askForPin(permit, askedAt))) return null;
  }
  return await run();
}
