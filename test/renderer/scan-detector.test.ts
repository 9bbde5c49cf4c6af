// Telling a scanner's code from a person's typing, key by key, at the speeds a scanner types and a
// person does; with the app's label code's prefix, and without it (a number, a microchip).
// Keys typed in a row on one target; Enter on it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScanDetector, SCAN_GAP_MS, type KeyPlace } from '../../src/renderer/src/scan-detector';

/** Types `text` at `gap` ms a key (shifted capitals, as a scanner types them), then Enter: what the detector says. */
function typed(text: string, gap: number, place: KeyPlace = 'elsewhere', enterAfter = gap) {
  const detector = createScanDetector<string>();
  let at = 1_000;
  const held: string[] = [];
  for (const key of text) {
    const shifted = key !== key.toLowerCase();
    if (detector.printable(key, shifted, at, place, place, 'before') === 'hold') held.push(key);
    at += gap;
  }
  return { scan: detector.enter(at - gap + enterAfter, place), held };
}

describe('a scan told from typing', () => {
  it('a label code, a number or a microchip at 5, 15 or 30 ms a key is a scan, wherever it lands but the add form', () => {
    for (const gap of [5, 15, 30]) {
      for (const text of ['PSD-4242', '4242', '985141000123456']) {
        const scan = { text, place: 'elsewhere', target: 'elsewhere', valueBefore: 'before' };
        expect(typed(text, gap).scan, `${text} at ${gap} ms`).toEqual(scan);
        expect(typed(text, gap, 'field').scan?.place).toBe('field'); // the search: taken back
        expect(typed(text, gap, 'typing').scan).toBeNull(); // the add form's name, a PIN: typing
      }
    }
  });

  it('a person’s typing is never a scan, however it ends', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/),
        fc.integer({ min: SCAN_GAP_MS + 1, max: 400 }),
        (text, gap) => typed(text, gap).scan === null,
      ),
    );
    expect(typed('PSD-4242', 10, 'elsewhere', 300).scan).toBeNull(); // Enter long after: a person's
  });

  it('a fast burst that names no animal, or too short, is not a scan', () => {
    for (const text of ['Rex the dog', 'PSD-', '12', 'PSD-12x']) expect(typed(text, 5).scan, text).toBeNull();
  });

  it('only a code’s capitals after its first key are kept from the page, never a row’s lower-case key', () => {
    expect(typed('PSD-4242', 5).held).toEqual(['S', 'D']);
    expect(typed('psd-4242', 5).held).toEqual([]);
    expect(typed('sS', 5).held).toEqual([]); // S, then Shift+S (sell) at once: both the row's
    expect(typed('PSD-4242', 5, 'field').held).toEqual([]); // typed into the field, then taken back
  });

  it('a space inside a scan over the list is the code’s, never the row’s mark key; a person’s space is theirs', () => {
    expect(typed('985 141 000 123 456', 5).held).toEqual([' ', ' ', ' ', ' ']);
    expect(typed('985 141 000 123 456', 5).scan?.text).toBe('985 141 000 123 456');
    expect(typed(' 4242', 5).held).toEqual([]); // a space first starts nothing: the row's
    expect(typed('12 ', 120).held).toEqual([]); // a person's pace
    expect(typed('985 141', 5, 'field').held).toEqual([]); // the search types it, then takes it back
  });
});
