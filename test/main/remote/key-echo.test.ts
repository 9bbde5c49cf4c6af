// A server that writes the key back, in any of the ways text can spell it: the client takes the key
// out of everything it hands on (results, errors, their details), so that none of it reaches the
// app's log or the replica's file. A real server on 127.0.0.1; the app's real logger and replica.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogFile, openAppLog } from '../../../src/main/config/app-log';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { ECHO_FORMS, startKeyEchoingServer, type KeyEchoingServer } from '../../helpers/key-echoing-server';
import { openTestReplica } from '../../helpers/replica';
import { useTempDir } from '../../helpers/temp-dir';

const KEY = 'hostile/echo+key-Wq93Lx07Zp25Rm.x~T=';
const FORMS = Object.keys(ECHO_FORMS) as Array<keyof typeof ECHO_FORMS>;

let server: KeyEchoingServer;
beforeAll(async () => {
  server = await startKeyEchoingServer();
});
afterAll(() => server.close());
const tempDir = useTempDir();

/** Text as a reader could decode it: JSON's \u and \/ escapes and percent-encoding, undone as often as they were applied. */
function decodings(text: string): string[] {
  const seen = [text];
  for (let i = 0; i < 3; i++) {
    const last = seen.at(-1)!;
    seen.push(
      last
        .replaceAll(/\\u([0-9a-f]{4})/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
        .replaceAll('\\/', '/')
        .replaceAll(/%([0-9a-f]{2})/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16))),
    );
  }
  return seen;
}

/** The key is in none of the text, however decoded, in any case, nor in base64 at any alignment. */
function expectNoKey(text: string, where: string) {
  for (const decoded of decodings(text)) expect(decoded.toLowerCase(), where).not.toContain(KEY.toLowerCase());
  for (const prefix of ['', 'x', 'xx', 'Bearer ', 'token=Bearer ']) {
    for (const encoding of ['base64', 'base64url'] as const) {
      const encoded = Buffer.from(`${prefix}${KEY}`).toString(encoding);
      const keyOnly = encoded.slice(
        Math.ceil((prefix.length * 4) / 3) + 1,
        Math.floor(((prefix.length + KEY.length) * 4) / 3) - 1,
      );
      expect(text, `${where}: ${encoding} at ${prefix.length}`).not.toContain(keyOnly);
    }
  }
}

/** Every string and member name in a value, as it is (not escaped again, as inspect or JSON would). */
function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'object' && value !== null) {
    for (const [name, member] of Object.entries(value)) into.push(name, ...stringsIn(member));
  }
  return into;
}

/** What a call hands on: its result, or its error with every detail. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { result: await call() };
  } catch (error) {
    const { message, details, kind } = error as { message: string; details?: unknown; kind?: string };
    return { kind, message, details };
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('a key written back by a server is taken out of everything the client hands on', () => {
  it.each(FORMS)('written back %s: in no result, error, detail or log line', async (form) => {
    const client = createRemoteClient({ environment: 'staging', baseUrl: server.url(form), apiKey: async () => KEY });
    const outcomes = {
      page: await outcome(() => client.listPage({ limit: 2 })),
      pageLinkingElsewhere: await outcome(() => client.listPage({ status: 'sold' })),
      pet: await outcome(() => client.getPet('1')),
      deprecation: client.deprecationNotice(),
      redirect: await outcome(() => client.getPet('2')),
      notJson: await outcome(() => client.getPet('3')),
      notAPet: await outcome(() => client.getPet('4')),
      invalidJson: await outcome(() => client.getPet('5')),
      refusedAdd: await outcome(() => client.createPet({ name: 'Rex', categoryId: '1' })),
      staleChange: await outcome(() => client.changePet('7', { status: 'sold' }, { revision: 1 })),
      batch: await outcome(() =>
        client.changePets([
          { petId: '7', patch: { status: 'sold' }, revision: 1 },
          { petId: '8', patch: { status: 'sold' }, revision: 1 },
        ]),
      ),
    };
    const text = stringsIn(outcomes).join('\n');
    expect(text).toContain('[key removed]'); // the haystack is real: the server wrote the key back
    expectNoKey(text, form);

    const dataDir = tempDir();
    const log = openAppLog(dataDir);
    for (const [call, what] of Object.entries(outcomes)) log.warn({ call, outcome: what }, 'remote call');
    log.flush();
    const lines = readFileSync(appLogFile(dataDir), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(Object.keys(outcomes).length);
    expectNoKey(lines.flatMap((line) => stringsIn(JSON.parse(line))).join('\n'), `${form}: the log`);
  });

  it('the replica keeps none of it: names, refusals and their fields, a change refused, the walk', async () => {
    for (const form of FORMS) {
      const dataDir = tempDir();
      const handles = openTestReplica(join(dataDir, form.replaceAll(/\W/g, '-')), 'staging', server.url(form));
      handles.config.key = KEY;
      const { replica } = handles;
      try {
        await replica.refresh({ limit: 2 });
        await replica.walkInventory().catch(() => undefined);
        await replica.getPet('9');
        replica.createPet({ name: 'Rex', categoryId: '1' });
        replica.changePet('1', { status: 'sold' });
        replica.changePet('2', { status: 'sold' });
        for (let pass = 0; pass < 5 && replica.status().waiting > 0; pass++)
          await replica.engine.syncNow({ force: true });
        expectNoKey(stringsIn({ status: replica.status(), changes: replica.changeEntries() }).join('\n'), form);
      } finally {
        await handles.close();
      }
      const files = filesUnder(dataDir).map((file) => [file, readFileSync(file).toString('latin1')] as const);
      expect(files.map(([, bytes]) => bytes).join('\n')).toContain('Named Bearer [key removed]'); // the haystack is real
      for (const [file, bytes] of files) expectNoKey(bytes, `${form}: ${file}`);
    }
    expect(server.echoed).toBeGreaterThan(FORMS.length * 4);
  });
});
