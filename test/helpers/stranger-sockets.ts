import { connect, type Socket } from 'node:net';

export interface StrangerWave {
  /** Connections opened so far, reconnections included. */
  readonly opened: number;
  /** How many the server has closed so far. */
  readonly closedByServer: number;
  /** How many are open now, as this side sees them. */
  readonly open: number;
  /** Stops reconnecting and closes every socket of the wave. */
  stop(): Promise<void>;
}

export interface WaveOptions {
  /** Sockets at once. */
  count: number;
  /** The local addresses they come from, in turn (127.0.0.2 ... on Linux's loopback). */
  from: readonly string[];
  /** What socket i sends once connected, then nothing more: '' for nothing at all. */
  sends: (i: number) => string;
  /** Open a socket again when the server closes it, as an attacker would. */
  reconnect?: boolean;
  /** The most connections the wave ever opens, reconnections included. */
  maxOpened?: number;
  /** After this, no socket is opened again. */
  maxMs?: number;
}

/**
 * Connections that never present a key: they send half a request, or nothing, and hold on. Bounded
 * in count (maxOpened) and time (maxMs); `stop` destroys every socket it opened.
 */
export function startStrangerWave(port: number, options: WaveOptions): StrangerWave {
  const { count, from, sends, reconnect = false, maxOpened = count * 20, maxMs = 30_000 } = options;
  const sockets = new Set<Socket>();
  const until = Date.now() + maxMs;
  let [opened, closedByServer, stopped] = [0, 0, false];
  const timers = new Set<NodeJS.Timeout>();

  function open(i: number): void {
    if (stopped || opened >= maxOpened || Date.now() > until) return;
    opened++;
    const socket = connect({ port, host: '127.0.0.1', localAddress: from[i % from.length] });
    sockets.add(socket);
    socket.on('connect', () => {
      const text = sends(i);
      if (text !== '') socket.write(text);
    });
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (stopped) return;
      closedByServer++;
      // Again at once, as a flood does; a few milliseconds apart, so this process still serves the test.
      if (reconnect) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          open(i);
        }, 5);
        timers.add(timer);
      }
    });
  }
  for (let i = 0; i < count; i++) open(i);

  return {
    get opened() {
      return opened;
    },
    get closedByServer() {
      return closedByServer;
    },
    get open() {
      return sockets.size;
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      const closing = [...sockets].map((socket) => new Promise((resolve) => socket.once('close', resolve)));
      for (const socket of sockets) socket.destroy();
      await Promise.all(closing);
    },
  };
}

/** Loopback addresses other than 127.0.0.1, each standing for another machine. */
export const OTHER_ADDRESSES = (first: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `127.0.0.${first + i}`);
