import { z } from 'zod';
import { remotePetSchema } from '../../shared/contract';
import { RemoteError } from './remote-error';

/** What a server says in an Error is shown to people and stored: kept to these lengths. */
export const SERVER_TEXT_LIMITS = { code: 64, message: 500, field: 64, fields: 20 } as const;
export const bounded = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

// The interface's Error shape. `status` is not trusted (the HTTP status is used) and, parsed losslessly,
// is a bigint. `fields` (our service's extension) is used only when it has the expected shape.
const serverErrorSchema = z.object({
  code: z
    .string()
    .min(1)
    .transform((code) => bounded(code, SERVER_TEXT_LIMITS.code)),
  message: z.string().transform((message) => bounded(message, SERVER_TEXT_LIMITS.message)),
  status: z.unknown(),
  fields: z
    .array(z.object({ field: z.string().min(1).max(SERVER_TEXT_LIMITS.field), message: z.string() }))
    .max(SERVER_TEXT_LIMITS.fields)
    .transform((fields) =>
      fields.map(({ field, message }) => ({ field, message: bounded(message, SERVER_TEXT_LIMITS.message) })),
    )
    .optional()
    .catch(undefined),
});

/** An Error answer (the whole answer's, or one change's in a batch) of the server named `where`, as a service_error. */
export function serviceError(where: string, status: number, body: unknown, retryAfter: string | null): RemoteError {
  const error = serverErrorSchema.safeParse(body);
  if (status < 400 || !error.success) {
    return new RemoteError('not_the_contract', `${where} answered ${status} without the interface's Error body.`, {
      status,
    });
  }
  const { code, message, fields } = error.data;
  // A 412 to a change may carry the animal as it is now (our extension), taken only if it is one.
  const current =
    status === 412 ? remotePetSchema('json').safeParse((body as { current?: unknown }).current) : undefined;
  const retryAfterMs = readRetryAfter(retryAfter);
  const summary =
    status === 401
      ? `${where} rejected the key (401): ${message}`
      : `${where} answered ${status} ${code}: ${message}${pauseAsked(message, status, retryAfterMs)}`;
  return new RemoteError('service_error', summary, {
    status,
    code,
    serverMessage: message,
    ...(fields === undefined ? {} : { fields }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(current?.success ? { current: current.data } : {}),
  });
}

/** A server's Retry-After to a 429 or 503, in words, after its own message. */
function pauseAsked(message: string, status: number, retryAfterMs: number | undefined): string {
  if ((status !== 429 && status !== 503) || retryAfterMs === undefined || retryAfterMs < 1000) return '';
  const seconds = Math.ceil(retryAfterMs / 1000);
  const pause = seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return `${/[.!?]$/.test(message) ? '' : '.'} It asked for a pause of ${pause}: what waits goes after it.`;
}

/** The longest a server may make the app wait by Retry-After: past it, the app asks again anyway. */
export const RETRY_AFTER_MAX_MS = 60 * 60_000;

/** Retry-After as delay-seconds or an HTTP date, in milliseconds, at most RETRY_AFTER_MAX_MS. */
export function readRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  const ms = /^\d{1,12}$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS);
}
