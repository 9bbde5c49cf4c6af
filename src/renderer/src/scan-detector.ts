import { LABEL_CODE_PREFIX, namesOneAnimal } from '../../shared/contract';

/**
 * A keyboard-wedge scanner types its code faster than a person can, and ends it with Enter. The
 * longest wait between its keys taken as a scanner's (a person's keys come 80 ms apart or more),
 * and the fewest keys a code has.
 */
export const SCAN_GAP_MS = 50;
export const SCAN_MIN_LENGTH = 4;

/** Where the keys land: a field where a scan is typing, the field a scan is taken back from (the search), or no field. */
export type KeyPlace = 'typing' | 'field' | 'elsewhere';

export interface Scan<Target> {
  text: string;
  place: Exclude<KeyPlace, 'typing'>;
  /** Where it began, and in a field, the field's text before the scan typed into it. */
  target: Target;
  valueBefore: string;
}

interface Burst<Target> extends Scan<Target> {
  lastAt: number;
}

/**
 * Tells a scan from typing, key by key. Nothing is decided until the Enter: keys fast enough to be
 * a scanner's are still what they are (a status key on a row acts at once); only the capitals of
 * the label code's prefix after its first, and spaces after its first key, on no field, are kept
 * from the page (never a row's key).
 */
export function createScanDetector<Target>() {
  let burst: Burst<Target> | null = null;
  return {
    /** A key that types a character, at `at` ms: 'hold' when the page must not act on it. */
    printable(
      key: string,
      shifted: boolean,
      at: number,
      place: KeyPlace,
      target: Target,
      valueNow: string,
    ): 'pass' | 'hold' {
      if (place === 'typing') {
        burst = null;
        return 'pass';
      }
      if (burst !== null && burst.target === target && at - burst.lastAt <= SCAN_GAP_MS) {
        burst.text += key;
        burst.lastAt = at;
        // Only the label code's own capitals (S after P is the code, not Shift+S's sale), and a space
        // between a microchip's groups (not the row's mark).
        const codes = key === ' ' || (shifted && LABEL_CODE_PREFIX.startsWith(burst.text));
        return place === 'elsewhere' && codes ? 'hold' : 'pass';
      }
      burst = { text: key, place, target, valueBefore: valueNow, lastAt: at };
      return 'pass';
    },

    /** Enter at `at` ms on `target`: the scan it ends, if the keys before it were one. */
    enter(at: number, target: Target): Scan<Target> | null {
      const ended = burst;
      burst = null;
      if (ended === null || target !== ended.target || at - ended.lastAt > SCAN_GAP_MS) return null;
      if (ended.text.length < SCAN_MIN_LENGTH || !namesOneAnimal(ended.text)) return null;
      const { lastAt: _lastAt, ...scan } = ended;
      return { ...scan, text: scan.text.trim() };
    },

    /** Any other key: whatever was typed before is not a scan. */
    other(): void {
      burst = null;
    },
  };
}
