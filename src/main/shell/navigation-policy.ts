/**
 * Where a page of the app may go, as plain data the shell applies to Electron's navigation events
 * (and the harness to Chromium's): only to the app's own pages, and never by a redirect, into a new
 * window or into an embedded webview. A link, `window.open`, a redirect or a form post that would
 * take the window elsewhere is stopped where it starts; nothing is handed to the system browser.
 */

/**
 * Whether `url` is one of the app's pages: its scheme, host and path under one of `appUrls` (each
 * ending with a slash: the packaged renderer's origin, or the dev server in development). Compared
 * after parsing, so neither `app://petstore.evil.example/` nor `..` segments pass for the app.
 */
export function isAppPage(url: string, appUrls: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const normalized = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  return appUrls.some((prefix) => prefix.endsWith('/') && normalized.startsWith(prefix));
}

export const NAVIGATION_POLICY = {
  /** A page may load another of the app's pages (a reload), nothing else. */
  mayNavigate: (url: string, appUrls: readonly string[]) => isAppPage(url, appUrls),
  /** No redirect is followed: the app's own pages never redirect, so one is someone else's doing. */
  mayRedirect: false,
  /** No window is opened, whatever asks (a link with a target, a middle click, `window.open`). */
  windowOpen: { action: 'deny' } as const,
  mayAttachWebview: false,
} as const;
