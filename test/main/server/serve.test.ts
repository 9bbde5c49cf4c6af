import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SERVER_KEY_ACCOUNT } from '../../../src/main/server/api-key';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { itWithKeyring } from '../../helpers/keyring';
import { ROOT, startServeProcess } from '../../helpers/serve-process';
import { useTempDir } from '../../helpers/temp-dir';

const KEY = 'serve-test-key-93b2-Lp0qW7xZ4cVb8nMr';
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

describe('npm run serve', () => {
  const tempDir = useTempDir();

  it('binds 127.0.0.1 by default and logs one line per request (method, path, status, ms) and never the key', async () => {
    const serve = await startServeProcess(['--port', '0', '--db', join(tempDir(), 'pets.db')], {
      PETSTORE_API_KEY: KEY,
    });
    try {
      expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      await fetch(`${serve.url}/pets?limit=5`, { headers: auth(KEY) });
      await fetch(`${serve.url}/pets`, {
        method: 'POST',
        headers: { ...auth(KEY), 'content-type': 'application/json' },
        body: '{"name":"Rex","categoryId":1}',
      });
      await fetch(`${serve.url}/pets`, { headers: auth('wrong') });
      await new Promise((resolve) => setTimeout(resolve, 500)); // the log is flushed every 200 ms
      const requests = serve
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"request"'))
        .map((line) => JSON.parse(line));
      expect(requests.map(({ method, path, status }) => [method, path, status])).toEqual([
        ['GET', '/v1/pets?limit=5', 200],
        ['POST', '/v1/pets', 201],
        ['GET', '/v1/pets', 401],
      ]);
      for (const line of requests) expect(line.ms).toEqual(expect.any(Number));
      expect(serve.output()).toContain('"source":"PETSTORE_API_KEY"');
      expect(serve.output()).not.toContain(KEY);
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  });

  it('stops on SIGTERM with exit 0 and no request half-written: every 201 is in the file, nothing else', async () => {
    const file = join(tempDir(), 'pets.db');
    const serve = await startServeProcess(['--port', '0', '--db', file], { PETSTORE_API_KEY: KEY });
    const adds = Array.from({ length: 60 }, (_, i) =>
      fetch(`${serve.url}/pets`, {
        method: 'POST',
        headers: { ...auth(KEY), 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Pet ${i}`, categoryId: i }),
      }).then(
        (response) => response.status,
        () => 'no response',
      ),
    );
    // Stop as soon as the first add is answered: the rest are in flight or not yet connected.
    void Promise.race(adds).then(() => serve.child.kill('SIGTERM'));
    const outcomes = await Promise.all(adds);
    expect(outcomes).toContain(201);
    expect(await serve.exited).toBe(0);
    expect(serve.output()).toContain('"msg":"stopped"');
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = (db.prepare('SELECT count(*) AS n FROM pets').get() as { n: number }).n;
      expect(stored).toBe(outcomes.filter((status) => status === 201).length);
      expect(outcomes.every((status) => status === 201 || status === 'no response')).toBe(true);
    } finally {
      db.close();
    }
  });

  itWithKeyring(
    'without PETSTORE_API_KEY, generates a key once, keeps it in the OS keychain, and never prints it',
    async () => {
      const keychain = createKeychain();
      await keychain.delete(SERVER_KEY_ACCOUNT);
      const args = ['--port', '0', '--db', join(tempDir(), 'pets.db')];
      const first = await startServeProcess(args, { PETSTORE_API_KEY: '' });
      const key = await keychain.get(SERVER_KEY_ACCOUNT);
      try {
        expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
        expect(first.output()).toContain('API key generated and stored in the OS keychain');
        expect((await fetch(`${first.url}/pets`, { headers: auth(key!) })).status).toBe(200);
      } finally {
        first.child.kill('SIGTERM');
        await first.exited;
      }
      const second = await startServeProcess(args, { PETSTORE_API_KEY: '' });
      try {
        expect(second.output()).toContain('API key found in the OS keychain');
        expect(await keychain.get(SERVER_KEY_ACCOUNT)).toBe(key);
        expect(first.output() + second.output()).not.toContain(key!);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
        await keychain.delete(SERVER_KEY_ACCOUNT);
      }
    },
  );

  it('refuses a bad option with exit code 2 and the usage', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main/server/serve.ts', '--port', 'abc'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--port must be a number from 0 to 65535, got abc');
    expect(result.stderr).toContain('usage: petstore-serve');
  });

  it('refuses an option given twice, as the CLI does, rather than letting the last win', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/main/server/serve.ts', '--port', '8791', '--port', '8792'],
      { cwd: ROOT, encoding: 'utf8', timeout: 20_000 }, // one that listens is ended here
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--port is given twice: give it once');
  });

  it('says what to do when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/main/server/serve.ts', '--port', String(port), '--db', join(tempDir(), 'pets.db')],
        { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PETSTORE_API_KEY: KEY }, timeout: 20_000 },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `Port ${port} on 127.0.0.1 is in use (another petstore-serve?): stop that one, or give another --port.`,
      );
    } finally {
      taken.close();
    }
  });

  it('refuses a --db whose folder does not exist, rather than serving an empty store there', () => {
    const mistyped = join(tempDir(), 'shop-dtaa', 'pets.db');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/main/server/serve.ts', '--port', '0', '--db', mistyped],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, PETSTORE_API_KEY: KEY },
        timeout: 20_000,
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `--db ${mistyped}: there is no folder ${dirname(mistyped)}. Check the path, or create the folder first.`,
    );
    expect(existsSync(dirname(mistyped))).toBe(false);
  });

  it('says in its first line when it made a new, empty store, and not when it opened one', async () => {
    const file = join(tempDir(), 'pets.db');
    for (const created of [true, false]) {
      const serve = await startServeProcess(['--port', '0', '--db', file], { PETSTORE_API_KEY: KEY });
      try {
        const listening = JSON.parse(
          serve
            .output()
            .split('\n')
            .find((line) => line.includes('"listening'))!,
        );
        expect(listening).toMatchObject(
          created ? { msg: 'listening on a new, empty store', created: true } : { msg: 'listening' },
        );
        expect('created' in listening).toBe(created);
      } finally {
        serve.child.kill('SIGTERM');
        await serve.exited;
      }
    }
  });
});
