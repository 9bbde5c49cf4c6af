import type { z } from 'zod';

// Keys that exist only for the compiler: an entry carries its result or payload type, never a value.
declare const resultType: unique symbol;
declare const payloadType: unique symbol;

/** A request channel: the schema its argument is validated with in main, and the type it answers. */
export interface RequestEntry<Schema extends z.ZodType = z.ZodType, Result = unknown> {
  readonly argument: Schema;
  readonly [resultType]?: Result;
}

/** An event main sends to the window, with the type of its payload. */
export interface EventEntry<Payload = unknown> {
  readonly [payloadType]?: Payload;
}

/** `request(schema).returns<Result>()`: a channel's argument and its answer, declared together. */
export function request<Schema extends z.ZodType>(argument: Schema) {
  return { returns: <Result>(): RequestEntry<Schema, Result> => ({ argument }) };
}

/** `event<Payload>()`: an event and what it carries. */
export function event<Payload>(): EventEntry<Payload> {
  return {};
}

export type ArgumentSchemaOf<Entry> = Entry extends RequestEntry<infer Schema, unknown> ? Schema : never;
export type ResultOf<Entry> = Entry extends RequestEntry<z.ZodType, infer Result> ? Result : never;
export type PayloadOf<Entry> = Entry extends EventEntry<infer Payload> ? Payload : never;
