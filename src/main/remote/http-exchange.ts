import type * as UndiciModule from 'undici';
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
  /** The body as UTF-8 text, with the key taken out wherever the server echoed it. */
  text: string;
}

export interface ExchangeRequest {
  /** How the server is named in messages: "staging (https://shop.example/v1)". */
  where: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  key: string;
  body?: string;
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

/** The key, wherever a server sent it back (as it is, or with JSON's escaped slashes), taken out. */
export function withoutKey(text: string, key: string): string {
  if (key.length < 8 || !text.includes(key.slice(0, 8))) return text;
  return text.replaceAll(key, '[key removed]').replaceAll(key.replaceAll('/', '\\/'), '[key removed]');
}

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

/** Reads a body up to `maxBytes`, and stops reading (closing the connection) the moment it passes. */
async function readLimited(
  body: AsyncIterable<Buffer> & { destroy(): void },
  maxBytes: number,
  tooLarge: () => RemoteError,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * One request to a server and its answer, bounded in time (DEFAULT_TIMEOUTS) and in size
 * (ANSWER_MAX_BYTES), the answer's text valid UTF-8 and without the key. A failure is a
 * RemoteError saying which kind it is, in words. No redirect is followed: a pet store service does
 * not redirect, a captive portal does.
 */
export async function exchange(request: ExchangeRequest): Promise<Exchange> {
  const { where, timeouts, key, maxBytes = ANSWER_MAX_BYTES } = request;
  const deadline = new AbortController();
  const responseTimer = setTimeout(() => deadline.abort('response'), timeouts.responseMs);
  const totalTimer = setTimeout(() => deadline.abort('total'), timeouts.totalMs);
  const signal = request.signal ? AbortSignal.any([deadline.signal, request.signal]) : deadline.signal;
  try {
    // undici's request rather than fetch: the same HTTP stack without the WHATWG streams and
    // Request/Response objects, a fraction of the CPU per call (a sync drain sends thousands).
    const { request: send } = await http();
    const response = await send(request.url, {
      method: request.method,
      body: request.body,
      signal,
      headers: { accept: 'application/json', authorization: `Bearer ${key}`, ...request.headers },
    });
    clearTimeout(responseTimer);
    const header = (name: string): string | null => {
      const value = response.headers[name];
      if (value === undefined) return null;
      return withoutKey(Array.isArray(value) ? value.join(', ') : value, key).slice(0, HEADER_MAX_CHARS);
    };
    const tooLarge = () =>
      new RemoteError(
        'not_the_contract',
        `${where} sent an answer larger than ${maxBytes / 1024} KiB; a pet store's is a few KB.`,
        {
          status: response.statusCode,
        },
      );
    if (Number(header('content-length') ?? 0) > maxBytes) {
      response.body.destroy();
      throw tooLarge();
    }
    const bytes = await readLimited(response.body, maxBytes, tooLarge);
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      throw new RemoteError('not_the_contract', `${where} sent an answer that is not valid UTF-8 text.`, {
        status: response.statusCode,
      });
    }
    return { status: response.statusCode, header, text: withoutKey(text, key) };
  } catch (error) {
    if (error instanceof RemoteError) throw error;
    if (request.signal?.aborted) throw new RemoteError('cancelled', `The request to ${where} was cancelled.`);
    if (deadline.signal.aborted) {
      const limit =
        deadline.signal.reason === 'response'
          ? `no answer within ${timeouts.responseMs / 1000} s`
          : `not finished within ${timeouts.totalMs / 1000} s`;
      throw new RemoteError('timeout', `${where} timed out: ${limit}.`, { mayHaveArrived: true });
    }
    const failure = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const cause = failure.cause?.code !== undefined ? failure.cause : failure;
    if (TLS_UNTRUSTED.has(cause.code ?? '')) {
      throw new RemoteError(
        'untrusted_certificate',
        `${where}'s certificate is not trusted by this computer (${cause.code}): install the shop's certificate authority on this computer, or give the server a certificate from a public one (see the README, HTTPS).`,
        { mayHaveArrived: false },
      );
    }
    throw new RemoteError('unreachable', `${where} is unreachable: ${describeNetworkError(cause)}.`, {
      mayHaveArrived: !NEVER_SENT.has(cause.code ?? ''),
    });
  } finally {
    clearTimeout(responseTimer);
    clearTimeout(totalTimer);
  }
}
