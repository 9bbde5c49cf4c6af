import type { EventEmitter } from 'node:events';

type ReadKey = (origin: string) => Promise<string | null>;

/**
 * The key for the requests of a sync pass, read once for each batch of them rather than for each:
 * a read is a round trip to the OS keychain (about half a millisecond of the Secret Service's time
 * on Linux), more than the request it authorizes, and a drain sends thousands. Between passes every
 * request reads it, as before. Read again: for each batch (the engine's `progress`), at the start
 * and end of each pass, for another origin (the origin check is the read's), after a failed read,
 * and at once when the key is set or cleared here (`forget`).
 */
export function readKeyPerBatch(read: ReadKey, engineEvents: EventEmitter): { apiKey: ReadKey; forget(): void } {
  const held = new Map<string, Promise<string | null>>();
  let passRunning = false;
  const forget = () => held.clear();
  engineEvents.on('pass', (running: boolean) => {
    passRunning = running;
    forget();
  });
  engineEvents.on('progress', forget);
  return {
    apiKey(origin) {
      if (!passRunning) return read(origin);
      let key = held.get(origin);
      if (key === undefined) {
        const reading = read(origin);
        key = reading;
        held.set(origin, reading);
        reading.catch(() => {
          if (held.get(origin) === reading) held.delete(origin);
        });
      }
      return key;
    },
    forget,
  };
}
