// `petstore doctor` reads the data folder and never adds to it: a server with an address but no
// replica here yet gets a note, not a new file that backups would then copy and bundles list.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

describe('petstore doctor, reading only', () => {
  const { run, dataDir } = useCli();

  it('creates no replica for a server never used here, even with its address set', async () => {
    expect((await run(['pets', 'list'])).code).toBe(0); // the app database, as any first command makes it
    const before = readdirSync(dataDir()).sort();
    const env = { PETSTORE_PRODUCTION_URL: 'https://shop.example/v1' };
    const checked = await run(['doctor'], { env });
    expect(checked.out).toMatch(/^- {7}production: not configured, or not used on this computer yet/m);
    const bundled = await run(['doctor', '--bundle', `${dataDir()}/../doctor-${process.pid}.zip`], { env });
    expect(bundled.err).not.toMatch(/replica-production/);
    expect(readdirSync(dataDir()).sort()).toEqual(before);
  });
});
