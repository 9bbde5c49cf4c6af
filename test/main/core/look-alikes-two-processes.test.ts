// Two processes of one computer (two counters' commands, the app and the CLI) adding the same
// animals to one data folder at the same moment: each name goes in once, the other add is
// refused as a look-alike, as it would be one after the other. Real processes, a real file.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/serve-process';
import { useTempDir } from '../../helpers/temp-dir';

const NAMES = 60;
const dir = useTempDir();

async function addingAtOnce(environment: string, env: NodeJS.ProcessEnv): Promise<string[][]> {
  const startAt = String(Date.now() + 1_500); // both loaded before either begins
  const worker = join(ROOT, 'test/helpers/look-alike-worker.ts');
  const run = () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', worker, dir(), environment, startAt, String(NAMES)], {
      env: { ...process.env, ...env },
    });
  const outputs = await Promise.all([run(), run()]);
  return outputs.map(({ stdout }) => stdout.trim().split('\n'));
}

describe.each([
  ['local', {}],
  // Offline: a server address where nothing listens; the adds wait in the outbox.
  ['staging', { PETSTORE_STAGING_URL: 'http://127.0.0.1:9/v1' }],
])('two processes adding the same animals to %s at once', (environment, env) => {
  it('each name is added once; the other process hears it is a look-alike', async () => {
    const [first, second] = await addingAtOnce(environment, env);
    for (let i = 0; i < NAMES; i++) {
      const outcomes = [first![i], second![i]].sort();
      expect(outcomes, `Twin ${i}`).toEqual([`added Twin ${i}`, `refused Twin ${i}`]);
    }
  }, 60_000);
});
