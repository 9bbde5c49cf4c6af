import type * as UndiciModule from 'undici';
import { keyRemoval } from './key-removal';
import { RemoteError } from './remote-error';

/** Until the response's headers arrive (connecting included), and for the whole exchange. */
export const DEFAULT_TIMEOUTS = { responseMs: 10_000, totalMs: 30_000 };

/**
 * The most of one answer that is read: a page of 100 animals is a few KB, so this is far more than
 * a pet store sends, and far less than what could hurt the process that reads it.
 */
export const ANSWER_MAX_BYTES = 1024 * 1024;
/** A header is read up to this many characters; a longer one arrives cut at it. */
export const HEADER_MAX_CHARS = 2_000;

export interface Exchange {
  status: number;
  header(name: string): string | null;
  /** The body as UTF-8 text, with the key taken out wherever the server echoed it ('' for bytes). */
  text: string;
  /** With `bytes` asked for, a 200's body as sent (a photo: never read as text, never shown as text). */
  bytes?: Buffer;
}

export interface ExchangeRequest {
  /** How the server is named in messages: "staging (https://shop.example/v1)". */
  where: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  key: string;
  body?: string | Uint8Array;
  /** A 200's body is bytes (a photo): given as they are, not read as text. */
  bytes?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeouts: typeof DEFAULT_TIMEOUTS;
  maxBytes?: number;
}

type Undici = typeof UndiciModule;
let undici: Promise<Undici> | undefined;

/**
 * undici, loaded on the first request: a command that asks no server never pays for it. Then too,
 * once, the OS certificate store joins Node's own roots, as a browser trusts it: a shop that
 * installs its certificate authority on the counter PCs is trusted by the app and the CLI alike.
 */
function http(): Promise<Undici> {
  undici ??= (async () => {
    const tls = await import('node:tls');
    const system = tls.getCACertificates('system');
    if (system.length > 0) tls.setDefaultCACertificates([...new Set([...tls.getCACertificates('default'), ...system])]);
    const module = await import('undici');
    // As bundled into the commands, its exports are under `default`; loaded by Node, on both.
    return (module as unknown as { default?: Undici }).default ?? module;
  })();
  return undici;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

const TLS_UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  ...TLS_UNTRUSTED,
]);

function describeNetworkError(cause: { code?: string; message?: string } | undefined): string {
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the server running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved (offline, or a typo in the address?)';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was cut';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'the connection could not be made in time';
    default:
      return (cause?.code ?? cause?.message ?? 'network error').slice(0, 120);
  }
}

/** Why a request was given up by us: one of its limits, or the caller. */
type Stop = 'response' | 'total' | 'cancelled' | RemoteError;

/**
 * One request to a server and its answer, bounded in time (DEFAULT_TIMEOUTS) and in size
 * (ANSWER_MAX_BYTES), the answer's text valid UTF-8 and without the key. A failure is a
 * RemoteError saying which kind it is, in words. No redirect is followed: a pet store service does
 * not redirect, a captive portal does.
 *
 * undici's dispatcher with a handler of our own, rather than fetch or undici's request: the same
 * HTTP stack without the streams and promise chains around each answer (a sync drain sends
 * thousands; its thread's CPU is what holds it).
 */
export async function exchange(request: ExchangeRequest): Promise<Exchange> {
  const { where, timeouts, key, maxBytes = ANSWER_MAX_BYTES } = request;
  const withoutKey = keyRemoval(key).text;
  const undici = await http();
  return new Promise<Exchange>((resolve, reject) => {
    let settled = false;
    let controller: UndiciModule.Dispatcher.DispatchController | null = null;
    let stopped: Stop | null = null;
    let status = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    const chunks: Buffer[] = [];
    let size = 0;

    const finish = (outcome: () => Exchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(responseTimer);
      clearTimeout(totalTimer);
      request.signal?.removeEventListener('abort', cancel);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    const fail = (error: unknown) => finish(() => failed(error));
    /** Gives the request up: at once for the caller, and on the wire as soon as undici has it. */
    const stop = (why: Stop) => {
      stopped ??= why;
      controller?.abort(why instanceof RemoteError ? why : new Error(`stopped: ${why}`));
      fail(why);
    };
    const cancel = () => stop('cancelled');
    const responseTimer = setTimeout(() => stop('response'), timeouts.responseMs);
    const totalTimer = setTimeout(() => stop('total'), timeouts.totalMs);
    if (request.signal?.aborted) return stop('cancelled');
    request.signal?.addEventListener('abort', cancel, { once: true });

    const tooLarge = () =>
      new RemoteError(
        'not_the_contract',
        `${where} sent an answer larger than ${maxBytes / 1024} KiB; a pet store's is a few KB.`,
        { status },
      );
    const header = (name: string): string | null => {
      const value = headers[name];
      if (value === undefined) return null;
      return withoutKey(Array.isArray(value) ? value.join(', ') : value).slice(0, HEADER_MAX_CHARS);
    };

    function failed(error: unknown): Exchange {
      if (error instanceof RemoteError) throw error;
      if (error === 'cancelled') throw new RemoteError('cancelled', `The request to ${where} was cancelled.`);
      if (error === 'response' || error === 'total') {
        const limit =
          error === 'response'
            ? `no answer within ${timeouts.responseMs / 1000} s`
            : `not finished within ${timeouts.totalMs / 1000} s`;
        throw new RemoteError('timeout', `${where} timed out: ${limit}.`, { mayHaveArrived: true });
      }
      const failure = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
      const cause = failure.cause?.code !== undefined ? failure.cause : failure;
      if (TLS_UNTRUSTED.has(cause.code ?? '')) {
        throw new RemoteError(
          'untrusted_certificate',
          `${where}'s certificate is not trusted by this computer (${cause.code}): install the shop's certificate authority on this computer, or give the server a certificate from a public one (see docs/service.md, "Serving a shop's network over HTTPS").`,
          { mayHaveArrived: false },
        );
      }
      throw new RemoteError('unreachable', `${where} is unreachable: ${withoutKey(describeNetworkError(cause))}.`, {
        mayHaveArrived: !NEVER_SENT.has(cause.code ?? ''),
      });
    }

    try {
      const url = new URL(request.url);
      undici.getGlobalDispatcher().dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          body: request.body ?? null,
          headers: { accept: 'application/json', authorization: `Bearer ${key}`, ...request.headers },
        },
        {
          onRequestStart(started) {
            controller = started;
            if (stopped !== null) started.abort(new Error(`stopped: ${String(stopped)}`));
          },
          onResponseStart(_controller, statusCode, responseHeaders) {
            clearTimeout(responseTimer);
            status = statusCode;
            headers = responseHeaders;
            if (Number(header('content-length') ?? 0) > maxBytes) stop(tooLarge());
          },
          onResponseData(_controller, chunk) {
            size += chunk.length;
            // Reading stops the moment the answer passes the limit: the connection is closed.
            if (size > maxBytes) return stop(tooLarge());
            chunks.push(chunk);
          },
          onResponseEnd() {
            finish(() => {
              if (request.bytes === true && status === 200)
                return { status, header, text: '', bytes: Buffer.concat(chunks, size) };
              let text: string;
              try {
                text = UTF8.decode(Buffer.concat(chunks, size));
              } catch {
                throw new RemoteError('not_the_contract', `${where} sent an answer that is not valid UTF-8 text.`, {
                  status,
                });
              }
              return { status, header, text: withoutKey(text) };
            });
          },
          onResponseError(_controller, error) {
            fail(stopped ?? error);
          },
        },
      );
    } catch (error) {
      fail(error);
    }
  });
}
