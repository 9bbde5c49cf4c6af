/** What the key becomes wherever a server wrote it back. */
export const KEY_REMOVED = '[key removed]';

export interface KeyRemoval {
  /** The text with every spelling of the key (see keyRemoval) replaced by KEY_REMOVED. */
  text(text: string): string;
  /**
   * A parsed JSON value with the key taken out of every string and member name, in place: for a
   * spelling the text shows only once decoded (`\u0025` for the % of a percent-encoding).
   */
  value<T>(value: T): T;
  /** Whether the text could hold a spelling of the key: false for nearly every answer, at the cost of a few searches. */
  mayHold(text: string): boolean;
}

const hex = (code: number) => code.toString(16).padStart(2, '0');
const literal = (character: string) => character.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * A character as a server may have written it: itself (in either case), a JSON escape (`\u0068`,
 * hex in either case; `\/` for a slash), or percent-encoded (`%68`, `%2F`, and `\u002568` for a
 * percent-encoding put in JSON with its % escaped).
 */
function spellings(character: string): string {
  const code = character.charCodeAt(0);
  const ways = [literal(character), `\\\\u${code.toString(16).padStart(4, '0')}`];
  if (code < 0x80) ways.push(`%${hex(code)}`, `\\\\u0025${hex(code)}`);
  if (character === '/') ways.push('\\\\/');
  return `(?:${ways.join('|')})`;
}

/**
 * The parts of the key's base64 (and base64url) that depend on the key alone, at each of the
 * three alignments it can have inside a longer encoded text ("Bearer <key>" among them): all but
 * a character or two at each end.
 */
function base64Spellings(key: string): string[] {
  const forms: string[] = [];
  for (const prefix of ['', 'x', 'xx']) {
    const encoded = Buffer.from(`${prefix}${key}`).toString('base64');
    const bits = (bytes: number) => bytes * 8;
    const core = encoded.slice(Math.ceil(bits(prefix.length) / 6), Math.floor(bits(prefix.length + key.length) / 6));
    forms.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}

let cached: { key: string; removal: KeyRemoval } | undefined;

/**
 * How to take `key` out of what a server sent back: as it is, in any case, with any of its
 * characters JSON-escaped or percent-encoded (mixed freely), or in base64. Built once per key.
 */
export function keyRemoval(key: string): KeyRemoval {
  if (cached?.key === key) return cached.removal;
  // A key this short would take ordinary words out with it; no key we accept is.
  if (key.length < 8) return { text: (text) => text, value: (value) => value, mayHold: () => false };
  const forms = [key, ...base64Spellings(key)];
  const anywhere = new RegExp(forms.map((form) => [...form].map(spellings).join('')).join('|'), 'gi');
  // A spelling without an escape (\u, \/ or %) holds the form's first characters as they are.
  const starts = new RegExp(forms.map((form) => literal(form.slice(0, 6))).join('|'), 'i');
  const mayHold = (text: string) =>
    text.includes('\\u') || text.includes('\\/') || text.includes('%') || starts.test(text);
  const text = (text: string) => (mayHold(text) ? text.replace(anywhere, KEY_REMOVED) : text);
  const value = <T>(input: T): T => {
    if (typeof input === 'string') return text(input) as T;
    if (typeof input !== 'object' || input === null) return input;
    const members = input as Record<string, unknown>;
    for (const name of Object.keys(members)) {
      const cleaned = value(members[name]);
      const renamed = text(name);
      if (renamed === name) {
        if (cleaned !== members[name]) members[name] = cleaned; // an own member, `__proto__` too
        continue;
      }
      delete members[name];
      Object.defineProperty(members, renamed, { value: cleaned, enumerable: true, writable: true, configurable: true });
    }
    return input;
  };
  const removal = { text, value, mayHold };
  cached = { key, removal };
  return removal;
}
