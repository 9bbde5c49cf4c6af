// Paths in a support bundle: the data folder, the home folder and the account's name left out.
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutPersonalPaths } from '../../../src/main/support/bundle-paths';

describe('paths in a support bundle', () => {
  const dataDir = join(homedir(), '.config', 'Petstore Desk');
  const account = userInfo().username;

  it('reads the data folder as <data folder> and the home folder as ~, as written or escaped in JSON', () => {
    const text = `${join(dataDir, 'petstore.db')} ${join(homedir(), 'Backups')} ${JSON.stringify(join(dataDir, 'logs'))}`;
    expect(withoutPersonalPaths(text, dataDir)).toBe('<data folder>/petstore.db ~/Backups "<data folder>/logs"');
  });

  it('reads the account’s name as <account> where it names a folder, and leaves other words be', () => {
    const text = `/media/${account}/usb/backups and "/run/media/${account}" and ${account}s`;
    expect(withoutPersonalPaths(text, '/nowhere')).toBe(
      `/media/<account>/usb/backups and "/run/media/<account>" and ${account}s`,
    );
  });
});
