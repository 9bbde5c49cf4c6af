// What a server sends is untrusted: the client reads a bounded answer, and
// refuses what could cost the process dearly before it costs anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MAX_BYTES } from '../../../src/main/remote/http-exchange';
import { createRemoteClient, readRetryAfter, RETRY_AFTER_MAX_MS } from '../../../src/main/remote/remote-client';
import { RemoteError } from '../../../src/main/remote/remote-error';
import { startMisbehavingServer, type MisbehavingServer } from '../../helpers/misbehaving-server';

let bad: MisbehavingServer;
beforeAll(async () => {
  bad = await startMisbehavingServer();
});
afterAll(() => bad.close());

const KEY = 'hostile-test-key-Wq93Lx07Zp25Rm';
const against = (behaviour: Parameters<MisbehavingServer['url']>[0]) =>
  createRemoteClient({ environment: 'staging', baseUrl: bad.url(behaviour), apiKey: async () => KEY });

async function failure(promise: Promise<unknown>): Promise<RemoteError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RemoteError);
    return error as RemoteError;
  }
  throw new Error('expected the call to fail');
}

describe('a hostile server cannot freeze, flood or fool the client', () => {
  // Measured where it cannot be noise: the server sees the connection closed long before its answer
  // ends (what it handed over is the limit plus the sockets' buffers), rather than the heap's growth.
  it('a 25 MB answer is refused at the size limit: reading stops there, the connection is closed', async () => {
    const error = await failure(against('huge').listPets({ limit: 100 }));
    expect(error.kind).toBe('not_the_contract');
    expect(error.message).toMatch(/larger than 1024 KiB/);
    await expect.poll(() => bad.hugeAnswers.at(-1)?.written, { timeout: 5_000 }).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = bad.hugeAnswers.at(-1)!;
    expect(answer.ended).toBe(false);
    expect(answer.written).toBeGreaterThan(ANSWER_MAX_BYTES);
    expect(answer.written).toBeLessThan(20 * ANSWER_MAX_BYTES);
  });

  it('a number of half a million digits is refused before it is converted, and the message stays short', async () => {
    const error = await failure(against('long-number').listPets());
    expect(error.kind).toBe('not_the_contract');
    expect(error.message).toMatch(/a number 500000 characters long/); // refused as a literal, never converted

    expect(error.message.length).toBeLessThan(300);
  });

  it('an answer that is not valid UTF-8 is not the contract', async () => {
    expect((await failure(against('invalid-utf8').listPets())).kind).toBe('not_the_contract');
  });

  it('a server that echoes the key gets nothing of it back to us: messages, names and headers are without it', async () => {
    const error = await failure(against('echo-key').createPet({ name: 'Rex', categoryId: '1' }));
    expect(error.kind).toBe('service_error');
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(KEY);
    const pets = await against('echo-key').listPets();
    expect(pets[0]!.name).toBe('Named Bearer [key removed]');
  });

  it('what a server says is kept short: a 200 KB message is cut where it is stored and shown', async () => {
    const error = await failure(against('long-message').createPet({ name: 'Rex', categoryId: '1' }));
    expect(error.details.serverMessage!.length).toBeLessThanOrEqual(500);
    expect(error.message.length).toBeLessThanOrEqual(1_001);
  });

  it('Retry-After is believed up to an hour: 99999999999 seconds is an hour, an HTTP date years ahead too', async () => {
    const error = await failure(against('retry-never').listPets());
    expect(error.details.retryAfterMs).toBe(RETRY_AFTER_MAX_MS);
    expect(RETRY_AFTER_MAX_MS).toBe(3_600_000);
    expect(readRetryAfter('Fri, 31 Dec 9999 23:59:59 GMT')).toBe(RETRY_AFTER_MAX_MS);
    expect(readRetryAfter('120')).toBe(120_000);
    expect(readRetryAfter('soon')).toBeUndefined();
  });
});
