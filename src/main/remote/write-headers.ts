import { actHeaders, etagOf, type ClientAct } from '../../shared/contract';
import type { CallOptions } from './remote-client';

/** A write's options: its key; who made it and when (sent only where the server has the history extension). */
export interface WriteOptions extends CallOptions {
  idempotencyKey?: string;
  act?: ClientAct;
}

/** A write's headers: its type, If-Match (`revision`; none when null or absent), key, and who acted when. */
export function writeHeaders(type: string | null, { idempotencyKey, act }: WriteOptions, revision?: number | null) {
  const headers: Record<string, string> = {
    ...(type === null ? {} : { 'content-type': type }),
    ...actHeaders(act ?? {}),
  };
  if (revision !== undefined && revision !== null) headers['if-match'] = etagOf(revision);
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  return headers;
}
