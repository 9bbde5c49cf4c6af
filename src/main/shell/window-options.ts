/**
 * The main window's security settings as plain data, so that a test can assert them without
 * Electron. window.ts passes them to BrowserWindow unchanged.
 */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    // A middle click could otherwise open a link in a new window, outside the navigation guard.
    disableBlinkFeatures: 'Auxclick',
  } as const;
}

/** The session the paper window prints in: its own, whose request filter lets only the page through. */
export const PAPER_PARTITION = 'petstore-paper';

/** The hidden window paper prints in: the main window's hardening, with no preload and no script at all. */
export function paperWebPreferences() {
  const { preload: _none, ...hardened } = secureWebPreferences('');
  return { ...hardened, partition: PAPER_PARTITION, javascript: false } as const;
}

/**
 * The renderer's Content-Security-Policy: scripts, styles and images only from the app itself,
 * no eval, and no network at all (every request to a server goes through main). An animal's photo
 * is shown from bytes main gave, as a blob: URL the page made of them; no other image source.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where to open the window: the remembered bounds if they still overlap a display by a usable
 * amount (a screen may have been unplugged since), otherwise the default size, centred by Electron.
 */
export function restorableBounds(
  remembered: Bounds | null,
  displays: readonly Bounds[],
  fallback = { width: 1100, height: 760 },
): Partial<Bounds> {
  if (remembered === null || remembered.width < 400 || remembered.height < 300) return fallback;
  const visible = displays.some((d) => {
    const overlapX = Math.min(remembered.x + remembered.width, d.x + d.width) - Math.max(remembered.x, d.x);
    const overlapY = Math.min(remembered.y + remembered.height, d.y + d.height) - Math.max(remembered.y, d.y);
    return overlapX >= 200 && overlapY >= 100;
  });
  return visible ? remembered : fallback;
}
