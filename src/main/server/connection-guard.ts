import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Server, Socket } from 'node:net';
import { ApiError } from '../../shared/contract';
import { rawErrorResponse } from './error-replies';

/** How many connections the service holds, and how long and how many a stranger may hold. */
export interface ConnectionLimits {
  /** Connections open at once. */
  maxConnections: number;
  /** Of those, how many only connections that presented the key may hold. */
  reservedForKeyed: number;
  /** Strangers (connections that have not presented the key) open at once from one address (an IPv6 /64). */
  maxStrangersPerAddress: number;
  /** From connecting to a request that carries the key; a stranger is closed then. */
  strangerTimeoutMs: number;
}

interface Connection {
  raw: Socket;
  /** The socket HTTP reads: the raw one, or over HTTPS the TLS socket once the handshake is done. */
  http: Socket | undefined;
  address: string;
  timer: NodeJS.Timeout;
  /** Requests of this stranger being answered, and what it had sent when the last answer ended. */
  answering: number;
  readWhenIdle: number;
}

/**
 * The address a limit per address counts under: an IPv4 address (IPv4-mapped ones too), or the
 * /64 of an IPv6 one, since one machine commonly holds a whole /64.
 */
export function addressGroup(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1]!;
  const [head = '', tail = ''] = address.split('%')[0]!.toLowerCase().split('::');
  const [left, right] = [head.split(':').filter(Boolean), tail.split(':').filter(Boolean)];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const TIMED_OUT = rawErrorResponse(
  new ApiError('request_timeout', 'The request did not arrive in time; send it again, whole, with the key.'),
);

/**
 * Keeps strangers (connections that have not yet sent a request with the right key) from
 * crowding out the shop's own clients, whatever the strangers send or do not send:
 * - a stranger is closed `strangerTimeoutMs` after it connected (408 if it had begun a request);
 * - an address may hold `maxStrangersPerAddress` strangers; its next connection takes the place of its oldest;
 * - strangers hold at most `maxConnections - reservedForKeyed` connections: past that, and past
 *   `maxConnections` in all, the oldest stranger is closed to make room for the new connection,
 *   which may be the shop's own. A connection that presented the key is never closed for it.
 *
 * `watch` wraps the server's request listener: a request with the key (`hasKey`) makes its
 * connection keyed for the rest of its life, where only the server's ordinary limits apply.
 */
export function guardConnections(
  server: Server,
  {
    limits,
    encrypted,
    hasKey,
  }: { limits: ConnectionLimits; encrypted: boolean; hasKey: (request: IncomingMessage) => boolean },
): { watch(next: RequestListener): RequestListener } {
  const { maxConnections, reservedForKeyed, maxStrangersPerAddress, strangerTimeoutMs } = limits;
  const strangerRoom = Math.max(1, maxConnections - reservedForKeyed);
  const strangers = new Map<Socket, Connection>(); // by raw socket, oldest first
  const byHttpSocket = new WeakMap<Socket, Connection>();
  const perAddress = new Map<string, number>();
  let open = 0;

  const countAt = (address: string, change: number) => {
    const count = (perAddress.get(address) ?? 0) + change;
    if (count === 0) perAddress.delete(address);
    else perAddress.set(address, count);
  };
  /** No longer a stranger: closed, timed out, or keyed. */
  const forget = (connection: Connection) => {
    if (!strangers.delete(connection.raw)) return;
    clearTimeout(connection.timer);
    countAt(connection.address, -1);
    if (connection.http !== undefined) byHttpSocket.delete(connection.http);
  };
  /** Closes the oldest stranger (of `address`, when given) to make room: whether there was one. */
  const evictOldest = (address?: string) => {
    let oldest: Connection | undefined;
    for (const connection of strangers.values())
      if (address === undefined || connection.address === address) {
        oldest = connection;
        break;
      }
    if (oldest === undefined) return false;
    forget(oldest);
    oldest.raw.destroy();
    return true;
  };

  function expire(connection: Connection): void {
    forget(connection);
    const { http, raw } = connection;
    // Half a request is told why it goes; a silent or idle connection is just closed.
    if (http === undefined || connection.answering > 0 || http.bytesRead <= connection.readWhenIdle || !http.writable) {
      raw.destroy();
      return;
    }
    http.end(TIMED_OUT, () => raw.destroy());
    setTimeout(() => raw.destroy(), 1_000).unref(); // a peer that does not read does not hold it
  }

  server.on('connection', (raw: Socket) => {
    const address = addressGroup(raw.remoteAddress);
    // The newcomer may be the shop's own client behind the same address (one machine, one NAT): it
    // takes the place of that address's oldest stranger, so holding idle sockets keeps no one out.
    if ((perAddress.get(address) ?? 0) >= maxStrangersPerAddress) evictOldest(address);
    if (strangers.size >= strangerRoom || open >= maxConnections) {
      if (!evictOldest() && open >= maxConnections) return void raw.destroy();
    }
    open++;
    const connection: Connection = {
      raw,
      http: undefined,
      address,
      timer: setTimeout(() => expire(connection), strangerTimeoutMs),
      answering: 0,
      readWhenIdle: 0,
    };
    connection.timer.unref();
    strangers.set(raw, connection);
    countAt(address, 1);
    raw.once('close', () => {
      open--;
      forget(connection);
    });
    if (!encrypted) {
      connection.http = raw;
      byHttpSocket.set(raw, connection);
    }
  });
  // Over HTTPS, HTTP reads the TLS socket the handshake made of the raw one (same peer, same port).
  server.on('secureConnection', (tls: Socket) => {
    for (const connection of strangers.values()) {
      if (connection.raw.remotePort === tls.remotePort && connection.raw.remoteAddress === tls.remoteAddress) {
        connection.http = tls;
        connection.readWhenIdle = tls.bytesRead;
        byHttpSocket.set(tls, connection);
        return;
      }
    }
  });

  return {
    watch: (next) => (request: IncomingMessage, response: ServerResponse) => {
      const connection = byHttpSocket.get(request.socket);
      if (connection !== undefined) {
        if (hasKey(request)) {
          forget(connection);
        } else {
          connection.answering++;
          response.once('close', () => {
            connection.answering--;
            connection.readWhenIdle = request.socket.bytesRead;
          });
        }
      }
      next(request, response);
    },
  };
}
