import { isAppPage } from './navigation-policy';

/** What Electron tells about the frame an IPC call came from. */
export interface SenderFrame {
  url: string;
  /** null for a window's top frame. */
  parent: unknown | null;
}

/**
 * Only the app's own top frame may call main: not a subframe, not a page navigated elsewhere.
 * `appUrls` are the prefixes the app's pages are served from (the dev server in development,
 * the packaged renderer's folder otherwise), each ending with a slash.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, appUrls: readonly string[]): boolean {
  return !!frame && frame.parent === null && isAppPage(frame.url, appUrls);
}
