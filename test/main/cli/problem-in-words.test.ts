// How the terminal says a problem: a server's words ended before the app's own, and the key a
// server rejected named with the command that sets it.
import { describe, expect, it } from 'vitest';
import { problemInWords, sentence } from '../../../src/main/cli/output';

describe('a problem in words at the terminal', () => {
  it("ends a server's message before the next words, and leaves an ended one as it is", () => {
    expect(sentence('staging answered 503 unavailable: down for maintenance')).toBe(
      'staging answered 503 unavailable: down for maintenance.',
    );
    expect(sentence('Closed today!')).toBe('Closed today!');
    expect(sentence('No answer (timed out).')).toBe('No answer (timed out).');
  });

  it('names the command that sets the key a server rejected, for the environment when known', () => {
    const rejected = { code: 'key_rejected', message: 'staging rejected the key (401): not valid' } as const;
    expect(problemInWords(rejected, 'staging')).toBe(
      'staging rejected the key (401): not valid. Give it the key it takes: petstore key set staging (the key on standard input).',
    );
    expect(problemInWords(rejected)).toContain('petstore key set <production|staging>');
    expect(problemInWords({ code: 'unreachable', message: 'No answer' }, 'staging')).toBe('No answer');
  });
});
