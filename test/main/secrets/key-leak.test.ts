// The key must appear in none of: the database file (and its WAL), the logs, thrown errors, CLI output.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { runCliProcess } from '../../helpers/cli';
import { startService } from '../../helpers/http-service';
import { startMisbehavingServer } from '../../helpers/misbehaving-server';
import { itWithKeyring } from '../../helpers/keyring';
import { useTempDir } from '../../helpers/temp-dir';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('keys stay in the keychain', () => {
  const tempDir = useTempDir();

  itWithKeyring('a key used for every kind of call shows up in no file, log line, output or error', async () => {
    const canary = `CANARY${randomBytes(12).toString('hex')}`;
    const rejected = `REJECTED${randomBytes(12).toString('hex')}`;
    const serverLog: string[] = [];
    const logger = pino({ base: undefined }, { write: (line: string) => serverLog.push(line) });
    const service = await startService({ apiKey: canary, logger });
    const dataDir = tempDir();
    const outputs: string[] = [];
    const cli = async (argv: string[], stdin?: string) => {
      const result = await runCliProcess(argv, { dataDir, stdin });
      outputs.push(result.out, result.err);
      return result;
    };
    try {
      await cli(['env', 'set-url', 'staging', `${service.baseUrl}/v1`]);
      await cli(['env', 'use', 'staging']);
      expect((await cli(['key', 'set', 'staging'], canary)).code).toBe(0);
      expect((await cli(['pets', 'add', '--name', 'Rex', '--category', '1', '--json'])).code).toBe(0);
      expect((await cli(['pets', 'list'])).code).toBe(0);
      expect((await cli(['pets', 'get', '1'])).code).toBe(0); // logs getPet's deprecation
      await cli(['key', 'status', '--json']);
      await cli(['env', 'show']);
      expect((await cli(['doctor'])).code).toBe(0);
      expect((await cli(['key', 'set', 'staging'], rejected)).code).toBe(0);
      expect((await cli(['pets', 'list'])).code).toBe(1); // 401
      await cli(['doctor']);

      const errors: string[] = [];
      for (const key of [canary, rejected]) {
        const client = createRemoteClient({
          environment: 'staging',
          baseUrl: `${service.baseUrl}/v1`,
          apiKey: async () => key,
        });
        await client.listPets().catch((error: Error) => errors.push(`${error.message}\n${error.stack}`));
        await client
          .createPet({ name: ' ', categoryId: '1' })
          .catch((error: Error) => errors.push(`${error.message}\n${error.stack}`));
        await client.getPet('999').catch((error: Error) => errors.push(`${error.message}\n${error.stack}`));
      }
      expect(errors.length).toBeGreaterThanOrEqual(4);

      const files = filesUnder(dataDir);
      expect(files.some((file) => file.endsWith('petstore.db'))).toBe(true);
      expect(files.some((file) => file.endsWith('petstore.log'))).toBe(true);
      const everything = [
        ...files.map((file) => readFileSync(file).toString('latin1')),
        ...serverLog,
        ...outputs,
        ...errors,
      ].join('\n');
      expect(everything).toContain('Rex'); // the haystack is real
      expect(everything).not.toContain(canary);
      expect(everything).not.toContain(rejected);
    } finally {
      await runCliProcess(['key', 'clear', 'staging'], { dataDir });
      await service.close();
    }
  });

  itWithKeyring('a server that sends the key back gets it into no file, log line or output', async () => {
    const bad = await startMisbehavingServer();
    const canary = `ECHOED${randomBytes(16).toString('hex')}`;
    const dataDir = tempDir();
    const outputs: string[] = [];
    const cli = async (argv: string[], stdin?: string) => {
      const result = await runCliProcess(argv, { dataDir, stdin });
      outputs.push(result.out, result.err);
      return result;
    };
    try {
      await cli(['env', 'set-url', 'staging', bad.url('echo-key')]);
      expect((await cli(['key', 'set', 'staging'], canary)).code).toBe(0);
      expect((await cli(['pets', 'list', '--env', 'staging'])).code).toBe(0); // names that carry it
      await cli(['pets', 'add', '--name', 'Rex', '--category', '1', '--env', 'staging']); // refusals that carry it
      await cli(['outbox', 'list', '--env', 'staging', '--json']);
      expect(outputs.join('\n')).toContain('[key removed]');
      expect(outputs.join('\n')).not.toContain(canary);
      for (const file of filesUnder(dataDir)) expect(readFileSync(file).includes(canary), file).toBe(false);
      await cli(['key', 'clear', 'staging']);
    } finally {
      await bad.close();
    }
  });
});
