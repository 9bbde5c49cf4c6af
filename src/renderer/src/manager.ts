// The manager's PIN, asked for when main says a task needs it: the window never decides what is
// locked (main does, and tells it with manager_pin_required), it only asks the person.
import { create } from 'zustand';
import { call, CallError } from './api';

interface PinRequest {
  task: string;
  /** True once main accepted a PIN; false when the person gave up. */
  done(unlocked: boolean): void;
}

export const usePinRequest = create<{ request: PinRequest | null }>(() => ({ request: null }));

/** Opens the PIN dialog for `task`; resolves true once a manager unlocked the app. */
export function askForPin(task: string): Promise<boolean> {
  return new Promise((resolve) => {
    usePinRequest.setState({
      request: {
        task,
        done: (unlocked) => {
          usePinRequest.setState({ request: null });
          resolve(unlocked);
        },
      },
    });
  });
}

/**
 * Runs a task main may lock: asked for the PIN when main says so, run again once unlocked, and the
 * app locked again after it. Null when the person gave up.
 */
export async function asManager<T>(task: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CallError && error.detail.code === 'manager_pin_required')) throw error;
  }
  if (!(await askForPin(task))) return null;
  try {
    return await run();
  } finally {
    void call('lockManager', undefined);
  }
}
