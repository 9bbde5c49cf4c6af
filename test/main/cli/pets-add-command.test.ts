// `petstore pets add` and the look-alike rule: the built command, over real SQLite files.
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

describe('petstore pets add', () => {
  const { run } = useCli();

  it('a look-alike is refused in words (exit 1), added with --anyway', async () => {
    await run(['pets', 'add', '--name', 'Rex', '--category', '5']);
    const refused = await run(['pets', 'add', '--name', 'REX', '--category', '5']);
    expect(refused).toMatchObject({
      code: 1,
      err: 'REX (category 5) is already listed as number 1 in local. To add it all the same: the same command with --anyway.',
    });
    expect(await run(['pets', 'add', '--name', 'REX', '--category', '5', '--anyway'])).toMatchObject({ code: 0 });
  });
});
