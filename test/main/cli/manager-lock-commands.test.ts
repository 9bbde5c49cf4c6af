// The manager's lock from the command line: main's, kept in the database, so the command respects
// it (the PIN from a terminal or PETSTORE_MANAGER_PIN). The built command, over real SQLite files.
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

describe('the manager’s lock from the command line', () => {
  const { run } = useCli();

  it('without the PIN, env use is refused; with it, done; wrong tries wait; the counter’s commands need none', async () => {
    expect(await run(['manager', 'set-pin'], { stdin: '2468\n' })).toMatchObject({ code: 0 });
    const refused = await run(['env', 'use', 'staging']);
    expect(refused).toMatchObject({ code: 2 });
    expect(refused.err).toBe(
      "Switching to Staging needs the manager's PIN. Run it at a terminal, or set PETSTORE_MANAGER_PIN.",
    );
    expect(await run(['env', 'use', 'staging'], { env: { PETSTORE_MANAGER_PIN: '2468' } })).toMatchObject({
      code: 0,
      out: 'Active environment: staging',
    });
    for (let i = 0; i < 3; i++)
      expect((await run(['env', 'use', 'local'], { env: { PETSTORE_MANAGER_PIN: '1111' } })).err).toMatch(
        /not the manager's PIN/,
      );
    const waiting = await run(['env', 'use', 'local'], { env: { PETSTORE_MANAGER_PIN: '2468' } });
    expect(waiting).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Too many wrong PINs: the next try is possible in \d s/),
    });
    // Counter work needs no PIN.
    expect(await run(['pets', 'list', '--env', 'local'])).toMatchObject({ code: 0 });
    expect(await run(['categories', 'list', '--env', 'local'])).toMatchObject({ code: 0 });
  });

  it('a key piped in is kept when the command runs again with the manager’s PIN', async () => {
    expect(await run(['manager', 'set-pin'], { stdin: '2468\n' })).toMatchObject({ code: 0 });
    expect(
      await run(['env', 'set-url', 'staging', 'https://staging.shop.example/v1'], {
        env: { PETSTORE_MANAGER_PIN: '2468' },
      }),
    ).toMatchObject({ code: 0 });
    const set = await run(['key', 'set', 'staging'], {
      stdin: 'k3y-0123456789abcdef-0123456789abcdef\n',
      env: { PETSTORE_MANAGER_PIN: '2468' },
    });
    expect(set).toMatchObject({ code: 0, out: 'The staging key is set (kept in the OS keychain).' });
  });
});
