// The renderer's only way to the main process: window.petstore, typed by the one IPC contract.
import type { AppError } from '../../shared/contract';
import type { IpcArgument, IpcChannel, IpcEvent, IpcEvents, IpcResults, PetstoreApi } from '../../shared/ipc/contract';

declare global {
  interface Window {
    petstore: PetstoreApi;
  }
}

/** A call that main answered with an error: `detail` keeps its code, words and field problems. */
export class CallError extends Error {
  constructor(readonly detail: AppError) {
    super(detail.message);
  }
}

const refusalListeners = new Set<(error: AppError) => void>();

/**
 * Told of every call main refuses, before the caller hears of it: what main asks of the person
 * whatever they were doing (to sign in at the counter) is offered in one place. Returns the stop.
 */
export function whenRefused(listener: (error: AppError) => void): () => void {
  refusalListeners.add(listener);
  return () => void refusalListeners.delete(listener);
}

export async function call<C extends IpcChannel>(channel: C, argument: IpcArgument<C>): Promise<IpcResults[C]> {
  const outcome = await window.petstore.invoke(channel, argument);
  if (!outcome.ok) {
    for (const listener of refusalListeners) listener(outcome.error);
    throw new CallError(outcome.error);
  }
  return outcome.value;
}

export function subscribe<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void {
  return window.petstore.on(event, listener);
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
