// When the key is read again while an engine sends (batch-keys.ts): the reads counted, over an
// engine's own events.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { readKeyPerBatch } from '../../../src/main/sync/batch-keys';

function keyReader(answers: Array<string | Error> = []) {
  const reads: string[] = [];
  const engineEvents = new EventEmitter();
  const keys = readKeyPerBatch(async (origin) => {
    reads.push(origin);
    const answer = answers.shift() ?? `key ${reads.length}`;
    if (answer instanceof Error) throw answer;
    return answer;
  }, engineEvents);
  return { reads, engineEvents, keys };
}

const A = 'http://127.0.0.1:1';
const B = 'http://127.0.0.1:2';

describe('the key while an engine sends', () => {
  it('between passes, every request reads it', async () => {
    const { reads, keys } = keyReader();
    expect([await keys.apiKey(A), await keys.apiKey(A)]).toEqual(['key 1', 'key 2']);
    expect(reads).toHaveLength(2);
  });

  it('in a pass, once for each batch and origin; again after the pass', async () => {
    const { reads, engineEvents, keys } = keyReader();
    engineEvents.emit('pass', true);
    expect(await Promise.all([keys.apiKey(A), keys.apiKey(A), keys.apiKey(B)])).toEqual(['key 1', 'key 1', 'key 2']);
    engineEvents.emit('progress', {});
    expect(await keys.apiKey(A)).toBe('key 3');
    expect(await keys.apiKey(A)).toBe('key 3');
    engineEvents.emit('pass', false);
    expect(await keys.apiKey(A)).toBe('key 4');
    expect(await keys.apiKey(A)).toBe('key 5');
    expect(reads).toEqual([A, B, A, A, A]);
  });

  it('a key set or cleared here is read at once; a failed read is not kept', async () => {
    const { reads, engineEvents, keys } = keyReader(['old', new Error('the keychain is locked'), 'new']);
    engineEvents.emit('pass', true);
    expect(await keys.apiKey(A)).toBe('old');
    keys.forget();
    await expect(keys.apiKey(A)).rejects.toThrow('locked');
    expect(await keys.apiKey(A)).toBe('new');
    expect(await keys.apiKey(A)).toBe('new');
    expect(reads).toHaveLength(3);
  });
});
