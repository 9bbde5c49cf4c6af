import { describe, expect, it } from 'vitest';
import { refusalInWords, SHORT_REASON_CHARS } from '../../src/renderer/src/refusal-words';

describe("a server's refusal, in words for the counter", () => {
  it("names each refused field by its label and says the server's reason as a sentence", () => {
    expect(
      refusalInWords('name Bad Dog is not allowed at this shop', [
        { field: 'name', message: 'Bad Dog is not allowed at this shop' },
      ]).full,
    ).toBe('Name: Bad Dog is not allowed at this shop.');
    expect(
      refusalInWords('x', [
        { field: 'name', message: 'name must not be empty' },
        { field: 'categoryId', message: 'must be a whole number!' },
      ]).full,
    ).toBe('Name: Must not be empty. Category: Must be a whole number!');
    expect(refusalInWords('the shop is closed on Sundays', undefined).full).toBe('The shop is closed on Sundays.');
    expect(refusalInWords('', []).full).toBe('The server refused it without saying why.');
    expect(refusalInWords(null, undefined).full).toBe('The server refused it without saying why.');
  });

  it('keeps what a row shows short, and takes out what could break the line or reorder the sentence', () => {
    const long = refusalInWords(`no ${'very '.repeat(400)}long`, undefined);
    expect(long.short.length).toBeLessThanOrEqual(SHORT_REASON_CHARS);
    expect(long.short.endsWith('…')).toBe(true);
    expect(long.full.length).toBeLessThanOrEqual(1_000);
    const hostile = refusalInWords('bad\n\nname\u202e evil \u0007\tdone', undefined).full;
    expect(hostile).toBe('Bad name evil done.');
    expect(refusalInWords('x', [{ field: 'colour\u202e', message: 'unknown' }]).full).toBe('colour: Unknown.');
  });
});
