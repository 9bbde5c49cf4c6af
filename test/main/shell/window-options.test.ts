import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  restorableBounds,
  secureWebPreferences,
} from '../../../src/main/shell/window-options';

describe('the main window', () => {
  it('is isolated and sandboxed, with no Node in the page', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('has a CSP with no remote scripts, no eval and no network; the page carries the same one', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|https?:/);
    const html = readFileSync(join(import.meta.dirname, '../../../src/renderer/index.html'), 'utf8');
    expect(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]).toBe(CONTENT_SECURITY_POLICY);
  });

  it('reopens where it was, but never off-screen', () => {
    const screen = { x: 0, y: 0, width: 1920, height: 1080 };
    const placed = { x: 100, y: 80, width: 1200, height: 800 };
    expect(restorableBounds(placed, [screen])).toEqual(placed);
    expect(restorableBounds({ ...placed, x: 2500 }, [screen])).toEqual({ width: 1100, height: 760 }); // its screen is gone
    expect(
      restorableBounds({ ...placed, x: 2500 }, [screen, { x: 1920, y: 0, width: 1920, height: 1080 }]),
    ).toMatchObject({ x: 2500 });
    expect(restorableBounds({ ...placed, x: 1850 }, [screen])).toEqual({ width: 1100, height: 760 }); // 70 px visible is not enough
    expect(restorableBounds(null, [screen])).toEqual({ width: 1100, height: 760 });
  });
});
