/**
 * What the sandboxed preload needs of the IPC contract, with no dependency at all (it can load
 * nothing but Electron): the prefix under which every channel and event of the app travels.
 */
export const IPC_PREFIX = 'petstore:';

/** A channel's or an event's name on Electron's IPC, under the app's prefix; anything but a plain name is refused. */
export function prefixed(name: unknown): string {
  if (typeof name !== 'string' || !/^[A-Za-z]{1,64}$/.test(name)) {
    throw new TypeError(
      `There is no channel ${typeof name === 'string' ? JSON.stringify(name.slice(0, 60)) : typeof name}.`,
    );
  }
  return `${IPC_PREFIX}${name}`;
}
