import { connect, type Socket } from 'node:net';

export interface RawExchange {
  /** Everything the server wrote. */
  text: string;
  /** Whether the server closed the connection (rather than the test giving up waiting). */
  closedByServer: boolean;
  /** Milliseconds from connecting to the server closing, or to giving up. */
  ms: number;
}

/**
 * Writes raw bytes to a server and collects what comes back, until the server closes the
 * connection or `waitMs` passes. `trickle` keeps writing one byte every `trickleMs` meanwhile,
 * as a slow or hostile client would. `localAddress` is where it comes from (127.0.0.2 ...).
 */
export function rawExchange(
  port: number,
  request: string | Buffer,
  { waitMs = 2_000, trickleMs, localAddress }: { waitMs?: number; trickleMs?: number; localAddress?: string } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const start = Date.now();
    let text = '';
    let trickle: NodeJS.Timeout | undefined;
    const socket: Socket = connect({ port, host: '127.0.0.1', localAddress }, () => {
      socket.write(request);
      if (trickleMs !== undefined) trickle = setInterval(() => socket.write('1'), trickleMs);
    });
    const done = (closedByServer: boolean) => {
      clearInterval(trickle);
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedByServer, ms: Date.now() - start });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
  });
}

/** The JSON body of the (first) HTTP response in a raw exchange, or undefined. */
export function rawBody(text: string): unknown {
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const head = text.slice(0, split);
  let body = text.slice(split + 4);
  if (/transfer-encoding:\s*chunked/i.test(head))
    body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
  const length = /content-length:\s*(\d+)/i.exec(head)?.[1];
  if (length !== undefined) body = body.slice(0, Number(length));
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The status code of the first response in a raw exchange, or undefined. */
export const rawStatus = (text: string): number | undefined => {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  return match ? Number(match[1]) : undefined;
};
