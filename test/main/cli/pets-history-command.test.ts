// An animal's history through the real command line (the built `petstore`, a real SQLite file).
import { describe, expect, it } from 'vitest';
import { useCli } from '../../helpers/cli';

describe("an animal's history on the command line", () => {
  const { run } = useCli();
  const GBP = { LANG: 'en_GB.UTF-8', LC_ALL: 'en_GB.UTF-8' };

  it('lists every change newest first, with the road, the action and each field before and after', async () => {
    const added = await run(['pets', 'add', '--name', 'Rex', '--category', '1', '--price', '12.50', '--json'], {
      env: GBP,
    });
    expect(added.code).toBe(0);
    const { id } = JSON.parse(added.out) as { id: string };
    expect((await run(['pets', 'edit', id, '--price', '10', '--status', 'sold'], { env: GBP })).code).toBe(0);

    const shown = await run(['pets', 'history', id], { env: GBP });
    expect(shown.code).toBe(0);
    const lines = shown.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d {2}this counter \(command line\) {2}changed {2}/);
    expect(lines[0]).toContain('Status: (none) -> sold');
    expect(lines[0]).toContain('Price: £12.50 -> £10.00');
    expect(lines[1]).toContain('added');
    expect(lines[1]).toContain('Name: (none) -> Rex');

    const json = await run(['pets', 'history', id, '--json', '--limit', '1']);
    const { entries } = JSON.parse(json.out) as { entries: Array<{ action: string; via: string }> };
    expect(entries).toEqual([expect.objectContaining({ action: 'changed', via: 'cli', where: 'here', by: null })]);
  });

  it('an animal this computer does not have is said so; a wrong id or --limit is a usage error', async () => {
    const none = await run(['pets', 'history', '77']);
    expect(none.code).toBe(1);
    expect(none.err).toContain('No animal has id 77.');
    expect((await run(['pets', 'history', 'rex'])).code).toBe(2);
    expect((await run(['pets', 'history', '1', '--limit', '0'])).code).toBe(2);
    expect((await run(['pets', 'history'])).code).toBe(2);
  });
});
