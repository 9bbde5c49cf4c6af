// The manager's PIN, asked for when main says a task needs it: the window never decides what is
// locked (main does, and tells it with manager_pin_required and the permit to ask for), it only
// asks the person. The unlock covers that one task, once; main locks again by itself.
import { create } from 'zustand';
import type { ManagerPermit } from '../../shared/contract';
import { CallError } from './api';

interface PinRequest {
  permit: ManagerPermit;
  /** True once main accepted a PIN; false when the person gave up. */
  done(unlocked: boolean): void;
}

export const usePinRequest = create<{ request: PinRequest | null }>(() => ({ request: null }));

/** Opens the PIN dialog for the task `permit` names; resolves true once main unlocked it. */
export function askForPin(permit: ManagerPermit): Promise<boolean> {
  return new Promise((resolve) => {
    usePinRequest.setState({
      request: {
        permit,
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
  try {
    return await run();
  } catch (error) {
    const permit = error instanceof CallError && error.detail.code === 'manager_pin_required' && error.detail.permit;
    if (!permit) throw error;
    if (!(await askForPin(permit))) return null;
  }
  return await run();
}
