import { describe, expect, it } from 'vitest';
import { SERVICE_LIMITS } from '../../../src/main/server/app';
import { parseServeOptions } from '../../../src/main/server/serve-options';

describe('petstore-serve options', () => {
  it('--connections-per-address sets how many connections one address may hold before they present the key', () => {
    expect(parseServeOptions([]).limits).toEqual({ maxStrangersPerAddress: SERVICE_LIMITS.maxStrangersPerAddress });
    // Behind a reverse proxy on this computer, every client comes from its address.
    expect(parseServeOptions(['--connections-per-address', '128']).limits).toEqual({ maxStrangersPerAddress: 128 });
    for (const wrong of ['0', '-1', 'x', '1.5', String(SERVICE_LIMITS.maxConnections + 1)]) {
      expect(() => parseServeOptions([`--connections-per-address=${wrong}`]), wrong).toThrow(
        `--connections-per-address must be a whole number from 1 to ${SERVICE_LIMITS.maxConnections}, got ${wrong}`,
      );
    }
  });
});
