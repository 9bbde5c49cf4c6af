import type { Pet } from '../../shared/contract';
/**
 * Why a call to a remote server failed. The kinds a caller must tell apart:
 * - no_key, no_address: nothing was sent; the app's configuration is missing something.
 * - unreachable, timeout: the network or the server is not there now; try again later (offline).
 * - service_error: the server answered with an Error (400, 401, 404, 5xx ...); `status`, `code`
 *   and `serverMessage` are what it said.
 * - not_the_contract: something answered, but not as a pet store service (HTML from a captive
 *   portal, wrong content type, a body that is not a Pet); nothing of it is used or stored.
 * - untrusted_certificate: the server's HTTPS certificate is not trusted by this computer; nothing was sent.
 * - key_unconfirmed: the key was set for another address (origin); it is not sent to this one.
 * - keychain_unavailable: the key could not be read (no keychain, or a locked one); nothing was sent.
 * - changes_unsupported: the server does not take changes to animals (it lacks our extension).
 * - cancelled: the caller gave up.

 * Messages never contain the key, and are at most MESSAGE_MAX_CHARS long (they quote servers).
 */
export type RemoteFailure =
  | 'no_key'
  | 'no_address'
  | 'unreachable'
  | 'timeout'
  | 'service_error'
  | 'not_the_contract'
  | 'untrusted_certificate'
  | 'key_unconfirmed'
  | 'keychain_unavailable'
  | 'changes_unsupported'
  | 'cancelled';

const MESSAGE_MAX_CHARS = 1_000;

export class RemoteError extends Error {
  constructor(
    readonly kind: RemoteFailure,
    message: string,
    readonly details: {
      status?: number;
      code?: string;
      serverMessage?: string;
      retryAfterMs?: number;
      /** The server's own field problems (our service's `fields` extension), bounded. */
      fields?: Array<{ field: string; message: string }>;
      /** False only when the request certainly never reached the server (refused, no such host). */
      mayHaveArrived?: boolean;
      /** On 412 to a change: the animal as the server has it now (validated), when it said. */
      current?: Pet;
    } = {},
  ) {
    super(message.length > MESSAGE_MAX_CHARS ? `${message.slice(0, MESSAGE_MAX_CHARS)}…` : message);
    this.name = 'RemoteError';
  }

  /** Worth trying again later without anyone changing anything. */
  get retryable(): boolean {
    const status = this.details.status ?? 0;
    return (
      this.kind === 'unreachable' ||
      this.kind === 'timeout' ||
      (this.kind === 'service_error' && (status >= 500 || status === 429))
    );
  }

  get keyRejected(): boolean {
    return this.kind === 'service_error' && this.details.status === 401;
  }
}
