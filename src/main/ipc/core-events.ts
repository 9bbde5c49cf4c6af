import { IPC_EVENT_NAMES, type IpcEvent, type IpcEvents } from '../../shared/ipc/contract';
import type { CoreEvents } from '../core/core-parts';
import type { PetstoreCore } from '../core/petstore-core';

/** The contract's events the shell sends itself; the core tells every other one. */
const SENT_BY_THE_SHELL = ['command'] as const satisfies readonly IpcEvent[];
type CoreEvent = Exclude<IpcEvent, (typeof SENT_BY_THE_SHELL)[number]>;

// The compiler holds the two sides together: the core tells exactly the contract's other events,
// each under the same name and carrying what the contract says.
type Holds<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Told = CoreEvent & keyof CoreEvents;
type _CoreEventsAreTheContracts = [
  Holds<Same<CoreEvent, keyof CoreEvents>>,
  Holds<{ [E in Told]: CoreEvents[E] extends [IpcEvents[E]] ? true : false }[Told]>,
];

const isCoreEvent = (event: IpcEvent): event is CoreEvent =>
  !(SENT_BY_THE_SHELL as readonly IpcEvent[]).includes(event);

/** What main decides and what changes, passed on to a window as the contract's events; returns the unsubscribe. */
export function forwardCoreEvents(
  core: PetstoreCore,
  send: <E extends IpcEvent>(event: E, payload: IpcEvents[E]) => void,
): () => void {
  const unsubscribes = IPC_EVENT_NAMES.filter(isCoreEvent).map((event) =>
    core.on(event, (payload: IpcEvents[typeof event]) => send(event, payload)),
  );
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
