import { z } from 'zod';
import {
  IPC_CHANNELS,
  IPC_REQUESTS,
  type IpcChannel,
  type IpcResults,
  type IpcValidArgument,
} from '../../shared/ipc/contract';
import type { PetstoreCore } from '../core/petstore-core';
import type { GuardedWrites } from '../core/write-guard';

/** Where a channel's use case is found by its name: a write through main's guard, anything else in the core. */
export type UseCases = GuardedWrites & Omit<PetstoreCore, keyof GuardedWrites>;

export type ChannelHandler<C extends IpcChannel> = (
  argument: IpcValidArgument<C>,
) => IpcResults[C] | Promise<IpcResults[C]>;
export type ChannelHandlers = { [C in IpcChannel]: ChannelHandler<C> };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * What the router passes to the use case of a channel's name: nothing for a channel without an
 * argument, the environment for an argument that is only an environment, else the argument as it is.
 */
type ByNameParameters<A> = [A] extends [undefined]
  ? []
  : Same<keyof A, 'environment'> extends true
    ? [A[keyof A]]
    : [A];

/**
 * A channel the use case of its name serves with no line in the router: it takes those parameters
 * and answers exactly the contract's result (no more: a field the window should not see is left out
 * by a line of the router's, as clearKey and syncNow do).
 */
type ServedByName<C extends IpcChannel> = C extends keyof UseCases
  ? UseCases[C] extends (...parameters: infer P) => infer R
    ? ByNameParameters<IpcValidArgument<C>> extends P
      ? Same<Awaited<R>, IpcResults[C]>
      : false
    : false
  : false;
type ChannelsServedByName = { [C in IpcChannel]: ServedByName<C> extends true ? C : never }[IpcChannel];

/**
 * The router's lines: one for each channel whose use case has another name, takes other parameters
 * or answers more than the contract's result (the compiler refuses a channel left without one), and
 * none needed for the rest.
 */
export type ChannelAdapters = { [C in Exclude<IpcChannel, ChannelsServedByName>]: ChannelHandler<C> } & {
  [C in ChannelsServedByName]?: ChannelHandler<C>;
};

// The same rule as ByNameParameters, read from the schema.
const takesOnlyAnEnvironment = (schema: z.ZodType) =>
  schema instanceof z.ZodObject && Object.keys(schema.shape).join() === 'environment';

/** Every channel's handler: the router's line for it, else the use case of the same name. */
export function channelHandlers(
  useCases: { core: PetstoreCore; writes: GuardedWrites },
  adapters: ChannelAdapters,
): ChannelHandlers {
  const byName = (channel: IpcChannel) => {
    const owner = (
      Object.prototype.hasOwnProperty.call(useCases.writes, channel) ? useCases.writes : useCases.core
    ) as Record<string, unknown>;
    const useCase = owner[channel];
    if (typeof useCase !== 'function') throw new Error(`No use case serves the IPC channel ${channel}.`);
    const onlyEnvironment = takesOnlyAnEnvironment(IPC_REQUESTS[channel].argument);
    return (argument: unknown) =>
      argument === undefined
        ? useCase.call(owner)
        : useCase.call(owner, onlyEnvironment ? (argument as { environment: unknown }).environment : argument);
  };
  const lines = adapters as Partial<Record<IpcChannel, ChannelHandler<IpcChannel>>>;
  return Object.fromEntries(
    IPC_CHANNELS.map((channel) => [channel, lines[channel] ?? byName(channel)]),
  ) as ChannelHandlers;
}
