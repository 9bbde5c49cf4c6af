import { connect, type Socket } from 'node:net';

export interface KeptAlive {
  /** One GET on this connection: its status, or undefined when the connection closed first or `waitMs` passed. */
  get(path: string, waitMs?: number): Promise<number | undefined>;
  /** Whether the server (or this side) has closed the connection. */
  readonly closed: boolean;
  close(): void;
}

/** One connection kept open across requests, each sent with `headers` (lines ending in CRLF). */
export async function openKeptAlive(
  port: number,
  headers: string,
  { localAddress }: { localAddress?: string } = {},
): Promise<KeptAlive> {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
  let closed = false;
  let received = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    waiting?.();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    waiting?.();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });

  /** The status of a whole response at the start of what was received, taken off it; undefined until one is whole. */
  function takeResponse(): number | undefined {
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const head = received.subarray(0, end).toString('latin1');
    const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (received.length < end + 4 + length) return undefined;
    received = received.subarray(end + 4 + length);
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  }

  return {
    get(path, waitMs = 5_000) {
      if (closed) return Promise.resolve(undefined);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`);
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(undefined), waitMs);
        const finish = (status: number | undefined) => {
          clearTimeout(timer);
          waiting = undefined;
          resolve(status);
        };
        waiting = () => {
          const status = takeResponse();
          if (status !== undefined || closed) finish(status);
        };
        waiting();
      });
    },
    get closed() {
      return closed;
    },
    close: () => socket.destroy(),
  };
}
