// An animal's history through the real command line (the built `petstore`, a real SQLite file).
import { describe, expect, it } from 'vitest';
import { anotherCounter } from '../../helpers/another-counter';
import { useCli } from '../../helpers/cli';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';

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

  itWithKeyring(
    "on a server: the server's changes made elsewhere too, named; offline, this computer's and why",
    async () => {
      const service = await startService();
      try {
        const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
        await run(['env', 'set-url', 'staging', `${service.baseUrl}/v1`]);
        await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY });
        await run(['pets', 'list', '--all', '--env', 'staging']);
        expect((await run(['pets', 'edit', rex.id, '--status', 'pending', '--env', 'staging'])).code).toBe(0);
        await anotherCounter(service)(rex.id, { name: 'Rexy' }, { by: 'Zoë', at: Date.now() });

        const shown = await run(['pets', 'history', rex.id, '--env', 'staging']);
        expect(shown.code).toBe(0);
        expect(shown.err).toBe('');
        const lines = shown.out.split('\n');
        expect(lines).toHaveLength(3);
        expect(lines[0]).toMatch(/ {2}Zoë \(on the server\) {2}changed {2}Name: Rex -> Rexy$/);
        expect(lines[1]).toMatch(/ {2}this counter \(command line\) {2}changed {2}Status: available -> pending$/);
        expect(lines[2]).toMatch(/ {2}nobody named \(on the server\) {2}added {2}/);
        const json = JSON.parse((await run(['pets', 'history', rex.id, '--env', 'staging', '--json'])).out) as {
          entries: { where: string }[];
          server: unknown;
        };
        expect(json.entries.map(({ where }) => where)).toEqual(['server', 'here', 'server']);
        expect(json.server).toEqual({ state: 'read' });

        await service.close();
        const offline = await run(['pets', 'history', rex.id, '--env', 'staging']);
        expect(offline.code).toBe(0);
        expect(offline.out.split('\n')).toHaveLength(1);
        expect(offline.err).toBe(
          "The server's history could not be read (it could not be reached): only the changes this computer knows are shown.",
        );
      } finally {
        await service.close();
      }
    },
  );
});
