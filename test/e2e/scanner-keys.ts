import type { Page } from '@playwright/test';

/** The key's code and key number as a US keyboard sends them (what a keyboard-wedge scanner emulates). */
function keyOf(char: string) {
  if (/[0-9]/.test(char)) return { code: `Digit${char}`, keyCode: char.charCodeAt(0) };
  if (char === '-') return { code: 'Minus', keyCode: 189 };
  if (char === ' ') return { code: 'Space', keyCode: 32 };
  return { code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0) };
}

/**
 * Keys as a device sends them, each stamped `gapMs` after the one before (Chromium's input
 * timestamps, whatever the test's own round trips take): a scanner's capitals with Shift, and its
 * Enter at the end when `enter`. A person's typing is the same at a person's pace.
 */
export async function typeAt(page: Page, text: string, gapMs: number, { enter = true } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  let at = Date.now() / 1000;
  const send = async (key: string, code: string, keyCode: number, typed: string | undefined, shift: boolean) => {
    const event = { key, code, windowsVirtualKeyCode: keyCode, modifiers: shift ? 8 : 0, timestamp: at };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...event, ...(typed ? { text: typed } : {}) });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event });
    at += gapMs / 1000;
  };
  for (const char of text) {
    const { code, keyCode } = keyOf(char);
    await send(char, code, keyCode, char, char !== char.toLowerCase());
  }
  if (enter) await send('Enter', 'Enter', 13, '\r', false);
  await cdp.detach();
}
