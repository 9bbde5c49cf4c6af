import { afterEach } from 'vitest';

/** What a test opened, closed after it in the opposite order: `track(thing)` for anything with close(), `later(fn)` for the rest. */
export function useCleanups() {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  return {
    track<T extends { close(): unknown }>(thing: T): T {
      cleanups.push(() => thing.close());
      return thing;
    },
    later(cleanup: () => Promise<unknown> | unknown): void {
      cleanups.push(cleanup);
    },
  };
}
