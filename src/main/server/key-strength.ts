/** The least a key set by hand must hold, as estimated by keyBits: as much as 16 random bytes. */
export const KEY_MIN_BITS = 128;

// The characters a bearer token may hold, by class: a key drawn from a class could be any of it.
const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[-._~+/=]/];
const CLASS_SIZES = [26, 26, 10, 7];
const KEYBOARD_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Where a character sits on a keyboard, as a number that steps by one along a row; NaN when it is on none. */
function keyboardPlace(character: string): number {
  const lower = character.toLowerCase();
  const row = KEYBOARD_ROWS.findIndex((keys) => keys.includes(lower));
  return row < 0 ? NaN : row * 100 + KEYBOARD_ROWS[row]!.indexOf(lower);
}

/**
 * For a key of bearer-token characters (ASCII, see BEARER_TOKEN): what a guesser would have to try, in bits, estimated as a key typed by a person would be
 * guessed: each character is worth what its class allows (log2 of the alphabet of the classes the
 * key uses), except one that continues a run (the same step of -1, 0 or +1 as the two before it,
 * in the alphabet or along a keyboard row: "abc", "cba", "aaa", "qwe") or repeats three
 * characters seen earlier ("abcXabc"), which is worth nothing. Random keys lose almost nothing
 * to it; words are not recognised, so it is a floor, not a blessing.
 */
export function keyBits(key: string): number {
  const alphabet = CLASSES.reduce((size, pattern, i) => (pattern.test(key) ? size + CLASS_SIZES[i]! : size), 0);
  const code = [...key].map((character) => character.charCodeAt(0));
  const place = [...key].map(keyboardPlace);
  const continuesRun = (steps: number[], i: number) => {
    const step = steps[i]! - steps[i - 1]!;
    return step === steps[i - 1]! - steps[i - 2]! && Math.abs(step) <= 1;
  };
  let counted = 0;
  for (let i = 0; i < key.length; i++) {
    const predictable =
      i >= 2 &&
      (continuesRun(code, i) || continuesRun(place, i) || key.slice(0, i - 1).includes(key.slice(i - 2, i + 1)));
    if (!predictable) counted++;
  }
  return counted * Math.log2(Math.max(alphabet, 1));
}
