import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { ApiError } from '../../shared/contract';
import { guardConnections } from './connection-guard';
import { refuseConnect, refuseExpectation, writeError } from './error-replies';

/**
 * What a client may hold of the service: a slow or hostile one cannot keep a connection for long,
 * nor many of them, and what one may make the service buffer is bounded by the body limit (16 KiB)
 * and Node's header limit (16 KiB) per connection. A connection that has not presented the key (a
 * stranger) is held to less: see connection-guard.ts.
 */
export const SERVICE_LIMITS = {
  /** Until a request's headers have all arrived. */
  headersTimeoutMs: 10_000,
  /** Until the whole request, body included, has arrived. */
  requestTimeoutMs: 30_000,
  /** A kept-alive connection waiting for its next request. */
  keepAliveTimeoutMs: 5_000,
  /** A connection on which nothing moves at all. */
  idleTimeoutMs: 60_000,
  /** Connections open at once; beyond it, the oldest stranger makes room, or the new one is closed. */
  maxConnections: 256,
  /** Of those, the ones strangers may never hold. */
  reservedForKeyed: 64,
  /** Strangers from one address (an IPv6 /64) at once; more are closed as they come. */
  maxStrangersPerAddress: 32,
  /** From connecting to the first request with the key. */
  strangerTimeoutMs: 3_000,
};
export type ServiceLimits = typeof SERVICE_LIMITS;

/** HTTP/1.1 requires Host (RFC 9112): a request without one is refused in the Error shape, before any route. */
function requireHost(next: RequestListener): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.host === undefined && request.httpVersion !== '1.0') {
      return writeError(
        response,
        new ApiError('invalid_parameter', 'The request has no Host header; HTTP/1.1 requires one.'),
      );
    }
    next(request, response);
  };
}

/**
 * The Node server under the service: HTTP, or HTTPS with this certificate and key; holding nothing
 * for long (SERVICE_LIMITS), answering even CONNECT, Expect and a missing Host in the Error shape.
 */
export function createHttpServer(
  handler: RequestListener,
  {
    limits,
    tls,
    hasKey,
  }: {
    limits: ServiceLimits;
    tls?: { cert: string | Buffer; key: string | Buffer };
    hasKey: (request: IncomingMessage) => boolean;
  },
): Server {
  const options = {
    requireHostHeader: false, // answered by requireHost, in the Error shape
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often Node looks for requests past their time: often enough to hold to the limits.
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs / 2),
  };
  let guarded: RequestListener = () => undefined;
  const listener: RequestListener = (request, response) => guarded(request, response);
  const server = tls
    ? createTlsServer({ ...options, cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' }, listener)
    : createServer(options, listener);
  guarded = guardConnections(server, { limits, encrypted: tls !== undefined, hasKey }).watch(requireHost(handler));
  server.setTimeout(limits.idleTimeoutMs);
  server.on('connect', refuseConnect);
  server.on('checkExpectation', refuseExpectation);
  return server;
}
