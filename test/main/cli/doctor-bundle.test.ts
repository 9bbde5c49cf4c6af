// petstore doctor --bundle: the built command over a data folder that holds everything a bundle
// must leave out (a key in the test keyring, PINs, an animal sold to a buyer, log lines naming
// them), each searched for in every byte of every file of the bundle.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPetstoreCore } from '../../../src/main/core/petstore-core';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { useCli } from '../../helpers/cli';
import { itWithKeyring } from '../../helpers/keyring';
import { filesOfZip, plantedFoundIn, plantShop } from '../../helpers/planted-shop';

describe('petstore doctor --bundle', () => {
  const { run, dataDir } = useCli();
  const service = `Petstore Desk test ${randomUUID()}`;
  afterEach(async () => {
    await createKeychain(service).delete('staging');
  });
  const runHere = (argv: string[]) => run(argv, { env: { PETSTORE_KEYCHAIN_SERVICE: service } });

  /** The shop planted over the command's data folder, by a core that is closed again, as the app would leave it. */
  async function plantedShop(): Promise<string[]> {
    const core = openPetstoreCore({ dataDir: dataDir(), env: {}, keychain: createKeychain(service) });
    try {
      return await plantShop(core, dataDir());
    } finally {
      await core.close();
    }
  }

  itWithKeyring('holds no key, PIN, hash, name or detail of an animal, buyer or staff member', async () => {
    const planted = await plantedShop();
    const bundle = join(dataDir(), 'support.zip');
    const doctor = await runHere(['doctor', '--bundle', bundle]);
    expect(doctor.code, doctor.err).toBe(1); // staging's address answers nothing: a problem, and the bundle still written
    expect(doctor.out).toMatch(/PROBLEM staging: /);
    expect(doctor.out).toContain(`Support bundle written to ${bundle}`);
    const zip = readFileSync(bundle);
    expect(plantedFoundIn(zip, planted)).toEqual([]);

    const files = filesOfZip(zip);
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'backups.json',
      'data-files.json',
      'doctor.txt',
      'log.jsonl',
      'queued-work.json',
      'settings.json',
      'versions.json',
    ]);
    const checksPrinted = doctor.out.split('\n').slice(0, -1).join('\n').replaceAll(dataDir(), '<data folder>');
    expect(files['doctor.txt']).toBe(`${checksPrinted}\n`);
    expect(files['doctor.txt']).toContain('ok      <data folder>/petstore.db is sound');
    const settings = JSON.parse(files['settings.json']!);
    expect(settings.servers.staging).toMatchObject({
      address: 'http://127.0.0.1:9/v1',
      key: { set: true, origin: 'http://127.0.0.1:9', forCurrentAddress: true },
    });
    expect(settings.servers.production.key.set).toBe(false);
    expect(settings.staff).toMatchObject({ managers: 1, others: 1 });
    const queued = JSON.parse(files['queued-work.json']!);
    expect(queued).toMatchObject({
      staging: { pet_changes: {} },
      production: 'no replica on this computer (never used)',
    });
    expect(Object.values(queued.staging.outbox)).toEqual([1]); // pending, or unknown after a send that met nobody
    expect(JSON.parse(files['data-files.json']!)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'petstore.db',
          schemaVersion: expect.any(Number),
          appUnderstands: expect.any(Number),
        }),
        expect.objectContaining({ file: 'replica-staging.db' }),
      ]),
    );
    expect(JSON.parse(files['versions.json']!)).toMatchObject({ node: process.versions.node, electron: null });
    const log = files['log.jsonl']!.trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log).toContainEqual(
      expect.objectContaining({ msg: 'request', method: 'GET', status: 500, fieldsLeftOut: 0 }),
    );
    expect(log).toContainEqual(
      expect.objectContaining({
        msg: 'unexpected error',
        environment: 'staging',
        err: { type: 'Error', code: 'SQLITE_BUSY' },
      }),
    );
    expect(log).toContainEqual(expect.objectContaining({ level: 'warn', fieldsLeftOut: 2 }));
  });

  itWithKeyring('is written even when a data file is damaged, from what can be read without it', async () => {
    await plantedShop();
    writeFileSync(join(dataDir(), 'petstore.db'), 'not a database at all, and long enough to be read as one');
    const bundle = join(dataDir(), 'sick.zip');
    const doctor = await runHere(['doctor', '--bundle', bundle]);
    expect(doctor.code).toBe(1);
    expect(doctor.out).toMatch(/^PROBLEM .*petstore\.db/m);
    const files = filesOfZip(readFileSync(bundle));
    expect(JSON.parse(files['settings.json']!)).toMatch(/^not read: the app database was not opened/);
    expect(Object.values(JSON.parse(files['queued-work.json']!).staging.outbox)).toEqual([1]);
    expect(files['doctor.txt']).toMatch(/^PROBLEM .*<data folder>\/petstore\.db/m);
    expect(readdirSync(dataDir()).filter((name) => name.includes('.partial'))).toEqual([]);
  });

  it('names the file it needs; takes nothing else; says what to fix when it cannot write there', async () => {
    expect((await run(['doctor', '--bundle'])).code).toBe(2);
    const nowhere = join(dataDir(), 'no-such-folder', 'support.zip');
    const refused = await run(['doctor', '--bundle', nowhere]);
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      `The support bundle could not be written to ${nowhere} (ENOENT): name a file in a folder that exists and this account may write to.`,
    );
    expect((await run(['doctor', 'now'])).code).toBe(2);
    expect(existsSync(join(dataDir(), 'now'))).toBe(false);
  });
});
