// The shop's staff from the command line: kept by a manager (each change asks for the manager's
// PIN, as the manager's commands do), each PIN read from standard input. The built command, over
// real SQLite files.
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

describe('petstore staff', () => {
  const { run } = useCli();
  const asManager = { env: { PETSTORE_MANAGER_PIN: '24681357' } };

  it('a manager adds, lists, gives a new PIN to and removes staff; without the PIN nothing changes', async () => {
    expect(await run(['staff', 'list'])).toMatchObject({
      code: 0,
      out: 'Nobody is on the staff list: the counter asks nobody to sign in.',
    });
    // Counter staff need a manager on the list first; the first manager needs nobody's PIN.
    expect(await run(['staff', 'add', 'Ana'], { stdin: '1234\n' })).toMatchObject({
      code: 1,
      err: 'Add a manager first (petstore staff add <name> --manager, or the role Manager in Settings): a manager keeps the staff list.',
    });
    expect(await run(['staff', 'add', 'Maria Lopez', '--manager'], { stdin: '24681357\n' })).toMatchObject({
      code: 0,
      out: 'Maria Lopez is on the staff list, as a manager.',
    });
    expect(await run(['staff', 'add', 'Ana'], { stdin: '1234\n' })).toMatchObject({
      code: 2,
      err: "Changing the staff or their PINs needs the manager's PIN. Run it at a terminal, or set PETSTORE_MANAGER_PIN.",
    });
    // The PIN read from standard input once serves the run the manager's PIN lets through.
    expect(await run(['staff', 'add', 'Ana'], { stdin: '1234\n', ...asManager })).toMatchObject({
      code: 0,
      out: 'Ana is on the staff list, as staff.',
    });
    expect(await run(['staff', 'add', 'Bo'], { stdin: '123456789\n', ...asManager })).toMatchObject({
      code: 2,
      err: 'pin must be 4 to 8 digits',
    });
    // A name given as it is typed here (no --name option): the refusal names the field, not an option.
    expect(await run(['staff', 'add', 'Ana'], { stdin: '5678\n', ...asManager })).toMatchObject({
      code: 1,
      err: 'name "Ana" is already on the staff list; give this person another name',
    });
    expect(await run(['staff', 'list'])).toMatchObject({ code: 0, out: ' 1  manager  Maria Lopez\n 2  staff    Ana' });
    expect(JSON.parse((await run(['staff', 'list', '--json'])).out)).toEqual([
      { name: 'Maria Lopez', role: 'manager' },
      { name: 'Ana', role: 'staff' },
    ]);
    expect(await run(['staff', 'set-pin', 'ana'], { stdin: '4321\n', ...asManager })).toMatchObject({
      code: 0,
      out: 'ana has a new PIN.',
    });
    // The only manager stays while counter staff are on the list.
    expect(await run(['staff', 'remove', 'Maria Lopez'], asManager)).toMatchObject({
      code: 1,
      err: 'Maria Lopez is the only manager and counter staff are on the list: remove them first, or add another manager.',
    });
    expect(await run(['staff', 'remove', 'Ana'])).toMatchObject({ code: 2 });
    expect(await run(['staff', 'remove', 'Ana'], asManager)).toMatchObject({
      code: 0,
      out: 'Ana is no longer on the staff list.',
    });
    expect(await run(['staff', 'remove', 'Ana'], asManager)).toMatchObject({
      code: 1,
      err: '"Ana" is nobody on the staff list.',
    });
    expect(await run(['staff', 'add'])).toMatchObject({ code: 2, err: expect.stringMatching(/^staff add needs/) });
  });

  it('the manager’s PIN set before staff existed is the manager named Manager', async () => {
    expect(await run(['manager', 'set-pin'], { stdin: '2468\n' })).toMatchObject({ code: 0 });
    expect(await run(['staff', 'list'])).toMatchObject({ code: 0, out: ' 1  manager  Manager' });
    // Changing it asks for the current one, and reads the new one once.
    expect(
      await run(['manager', 'set-pin'], { stdin: '13572468\n', env: { PETSTORE_MANAGER_PIN: '2468' } }),
    ).toMatchObject({ code: 0 });
    expect(await run(['env', 'use', 'staging'], { env: { PETSTORE_MANAGER_PIN: '13572468' } })).toMatchObject({
      code: 0,
    });
  });
});
