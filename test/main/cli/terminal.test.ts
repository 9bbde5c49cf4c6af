// Server text on its way to a terminal, through the built command: names that
// set the title, write the clipboard, forge a row or reverse the line come out visible and inert;
// --json carries the very same strings.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { useCli } from '../../helpers/cli';
import { TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { startMisbehavingServer, type MisbehavingServer } from '../../helpers/misbehaving-server';

let bad: MisbehavingServer;
beforeAll(async () => {
  bad = await startMisbehavingServer();
});
afterAll(() => bad.close());

const DANGEROUS = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

describe('what the CLI prints of a server', () => {
  const { run } = useCli();

  itWithKeyring(
    'escape sequences, line breaks and direction controls in names are printed as \\uXXXX, never raw',
    async () => {
      expect((await run(['env', 'set-url', 'staging', bad.url('escape-names')])).code).toBe(0);
      expect((await run(['key', 'set', 'staging'], { stdin: TEST_API_KEY })).code).toBe(0);
      const table = await run(['pets', 'list', '--env', 'staging']);
      expect(table.code).toBe(0);
      expect(table.out).not.toMatch(DANGEROUS);
      expect(table.out).toContain('Title\\u001b]0;pwned\\u0007');
      expect(table.out).toContain('\\u202eesrever');
      // The forged line stays inside its cell: four animals, four rows under the header.
      expect(table.out.split('\n')).toHaveLength(5);
      const json = await run(['pets', 'list', '--env', 'staging', '--json']);
      expect(json.out).not.toMatch(DANGEROUS);
      expect((JSON.parse(json.out) as Array<{ name: string }>).map((pet) => pet.name)).toEqual([
        'Title\u001b]0;pwned\u0007',
        'Clip\u001b]52;c;ZWNobyBoaQ==\u0007',
        'Fake\nrow  99  Injected',
        '\u202Eesrever',
      ]);
    },
  );
});
