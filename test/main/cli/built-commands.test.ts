// The built commands on their own: copied with nothing beside them but the two native
// modules, so they start without TypeScript, tsx or any other package of the project.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCommand, commandEnv, ROOT } from '../../helpers/built-commands';
import { TEST_API_KEY } from '../../helpers/http-service';
import { haveTestKeyring } from '../../helpers/keyring';

let place: string;
beforeAll(() => {
  place = mkdtempSync(join(tmpdir(), 'petstore-commands-'));
  mkdirSync(join(place, 'node_modules'));
  cpSync(join(builtCommand('petstore'), '..'), join(place, 'commands'), { recursive: true });
  for (const native of ['better-sqlite3', 'keytar']) {
    cpSync(join(ROOT, 'node_modules', native), join(place, 'node_modules', native), { recursive: true });
  }
});
afterAll(() => rmSync(place, { recursive: true, force: true }));

function petstore(args: string[], dataDir: string) {
  const result = spawnSync(process.execPath, [join(place, 'commands/petstore.mjs'), ...args], {
    cwd: place,
    encoding: 'utf8',
    env: commandEnv({ PETSTORE_DATA_DIR: dataDir, PETSTORE_KEYCHAIN_SERVICE: `built commands ${process.pid}` }),
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe('the built commands, alone with the native modules', () => {
  it('have nothing of TypeScript around them: no compiler, no tsx, no sources', () => {
    expect(readdirSync(join(place, 'node_modules')).sort()).toEqual(['better-sqlite3', 'keytar']);
    const resolves = (name: string) =>
      spawnSync(process.execPath, ['-e', `require.resolve(${JSON.stringify(name)})`], { cwd: place }).status === 0;
    expect(resolves('typescript')).toBe(false);
    expect(resolves('tsx')).toBe(false);
    expect(resolves('better-sqlite3')).toBe(true);
  });

  it('petstore answers --version and --help, adds and lists on the local store, and reads the keychain', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'petstore-built-data-'));
    try {
      const version = petstore(['--version'], dataDir);
      const { version: expected } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
      expect(version).toMatchObject({ code: 0, out: `petstore ${expected}` });

      expect(petstore(['--help'], dataDir)).toMatchObject({ code: 0, out: expect.stringContaining('usage: petstore') });
      expect(
        petstore(['pets', 'add', '--name', 'Built Bee', '--category', '9223372036854775807', '--json'], dataDir),
      ).toEqual({
        code: 0,
        out: '{"id":1,"name":"Built Bee","categoryId":9223372036854775807,"revision":1}',
        err: '',
      });
      expect(petstore(['pets', 'list'], dataDir).out.split('\n')).toEqual([
        'ID  NAME       CATEGORY             STATUS',
        '1   Built Bee  9223372036854775807  -',
      ]);
      if (haveTestKeyring)
        expect(petstore(['key', 'status'], dataDir)).toMatchObject({
          code: 0,
          out: 'production: not set\nstaging: not set',
        });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('petstore-serve answers --version, starts, and serves the interface', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'petstore-built-serve-'));
    const serve = join(place, 'commands/petstore-serve.mjs');
    expect(spawnSync(process.execPath, [serve, '--version'], { encoding: 'utf8' }).stdout.trim()).toMatch(
      /^petstore-serve \d+\.\d+\.\d+$/,
    );
    const child = spawn(process.execPath, [serve, '--port', '0', '--db', join(dataDir, 'pets.db')], {
      cwd: place,
      env: commandEnv({ PETSTORE_API_KEY: TEST_API_KEY }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout!.on('data', (chunk) => {
          output += chunk;
          const line = output.split('\n').find((text) => text.includes('"msg":"listening'));
          if (line) resolve(JSON.parse(line).url);
        });
        child.on('exit', (code) => reject(new Error(`petstore-serve exited with ${code}: ${output}`)));
      });
      const answer = await fetch(`${url}/pets`, { headers: { authorization: `Bearer ${TEST_API_KEY}` } });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
