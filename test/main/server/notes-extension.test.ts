// Notes on an animal, our extension: the local store keeps them, and our service takes them on
// createPet, changePet and changePets and answers them (as its OpenAPI description says). A server
// without the extension never sees them, whatever asks: the remote client leaves them out of every
// body and reads none back, main refuses them for a server's environment before anything is asked,
// and the command line says why.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPetstoreCore } from '../../../src/main/core/petstore-core';
import { guardWrites } from '../../../src/main/core/write-guard';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { createKeychain } from '../../../src/main/secrets/keychain';
import { type ApiError, type NewPet } from '../../../src/shared/contract';
import { useCli } from '../../helpers/cli';
import { useCleanups } from '../../helpers/cleanups';
import { send } from '../../helpers/http-client';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { thrown, useStore } from '../../helpers/store';
import { useTempDir } from '../../helpers/temp-dir';

describe('the local store', () => {
  const open = useStore();

  it('keeps notes of one or more lines, changes and removes them', () => {
    const { store } = open();
    const rex = store.createPet({ name: 'Rex', categoryId: '1', notes: ' Bites.\r\nFeed at 8. ' } as NewPet);
    expect(rex).toEqual({ id: '1', name: 'Rex', categoryId: '1', notes: 'Bites.\nFeed at 8.', revision: 1 });
    expect(store.changePet('1', { notes: 'Calm now.' }, '*')).toMatchObject({ notes: 'Calm now.', revision: 2 });
    expect(store.getPet('1')).toEqual({ id: '1', name: 'Rex', categoryId: '1', notes: 'Calm now.', revision: 2 });
    expect(store.changePet('1', { notes: null }, '*')).toEqual({ id: '1', name: 'Rex', categoryId: '1', revision: 3 });
    const refused = thrown(() => store.changePet('1', { notes: 'a\tb' }, '*')) as ApiError;
    expect(refused.fields).toEqual([
      { field: 'notes', message: 'must not contain control characters such as tabs (line breaks are fine)' },
    ]);
  });
});

describe('our service', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  it('takes notes on createPet, changePet and changePets, and answers them', async () => {
    const created = await send(service.baseUrl, 'POST', '/v1/pets', {
      body: { name: 'Rex', categoryId: 1, notes: 'Bites.\nFeed at 8.' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: 1, name: 'Rex', categoryId: 1, notes: 'Bites.\nFeed at 8.', revision: 1 });

    const patch = (body: object, tag: string) =>
      send(service.baseUrl, 'PATCH', '/v1/pets/1', {
        headers: { 'content-type': 'application/merge-patch+json', 'if-match': tag },
        body: JSON.stringify(body),
      });
    expect((await patch({ notes: null }, '"1"')).json).toEqual({ id: 1, name: 'Rex', categoryId: 1, revision: 2 });
    const batch = await send(service.baseUrl, 'POST', '/v1/pet-changes', {
      body: { changes: [{ petId: 1, ifMatch: '"2"', patch: { notes: 'Sold to Ann.' } }] },
    });
    expect(batch.json.results).toEqual([
      { status: 200, pet: { id: 1, name: 'Rex', categoryId: 1, notes: 'Sold to Ann.', revision: 3 } },
    ]);
    expect((await send(service.baseUrl, 'GET', '/v1/pets')).json).toEqual([batch.json.results[0].pet]);

    const refused = await patch({ notes: 'Fine \u202E.enil' }, '"3"');
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual([
      { field: 'notes', message: 'must not contain text-direction controls (U+202A to U+202E, U+2066 to U+2069)' },
    ]);
  });
});

describe('the remote client', () => {
  const bodies: string[] = [];
  let server: Server;
  let baseUrl: string;
  // A server that has notes: it answers with them, and records every body it is sent.
  const theirs = { id: 1, name: 'Rex', categoryId: 1, notes: 'Theirs.', revision: 2 };
  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk));
      request.on('end', () => {
        bodies.push(text);
        const answer =
          request.url === '/v1/pet-changes'
            ? { results: [{ status: 200, pet: theirs }] }
            : request.method === 'GET'
              ? [theirs]
              : theirs;
        response.writeHead(request.method === 'POST' && request.url === '/v1/pets' ? 201 : 200, {
          'content-type': 'application/json',
        });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((closed) => server.close(closed)));

  it('sends what it is given (the replica decides what a server is sent), and reads what comes back', async () => {
    const client = createRemoteClient({ environment: 'staging', baseUrl, apiKey: async () => TEST_API_KEY });
    const read = { id: '1', name: 'Rex', categoryId: '1', notes: 'Theirs.', revision: 2 };
    expect(await client.createPet({ name: 'Rex', categoryId: '1', notes: 'Ours.' })).toEqual(read);
    expect(await client.changePet('1', { status: 'sold' }, { revision: 2 })).toEqual(read);
    expect(await client.listPets()).toEqual([read]);
    expect(bodies.filter(Boolean).map((body) => JSON.parse(body))).toEqual([
      { name: 'Rex', categoryId: 1, notes: 'Ours.' },
      { status: 'sold' },
    ]);
  });
});

describe('main, for a server environment', () => {
  const tempDir = useTempDir();
  const { later } = useCleanups();

  itWithKeyring('takes notes for a server too: kept with the add, and by the local store', async () => {
    const core = openPetstoreCore({
      dataDir: tempDir(),
      env: {},
      keychain: createKeychain(`Petstore Desk test ${randomUUID()}`),
    });
    later(() => core.close());
    const writes = guardWrites(core, { environments: 'named', confirmProduction: async () => true });
    const rex = { name: 'Rex', categoryId: '1', notes: 'Bites.' };
    await core.setBaseUrl('staging', 'http://127.0.0.1:9/v1');
    expect(await writes.addPet('staging', rex)).toMatchObject({ entry: { notes: 'Bites.' } });
    expect(await writes.addPet('local', rex)).toMatchObject({ pet: { notes: 'Bites.' } });
  });
});

describe('the command line', () => {
  const { run } = useCli();

  it('takes --notes, for the local store and a server alike', async () => {
    const added = await run([
      'pets',
      'add',
      '--name',
      'Rex',
      '--category',
      '1',
      '--notes',
      'Bites.\nFeed at 8.',
      '--json',
    ]);
    expect(added.out).toBe('{"id":1,"name":"Rex","categoryId":1,"notes":"Bites.\\nFeed at 8.","revision":1}');
    const removed = await run(['pets', 'edit', '1', '--notes', '', '--json']);
    expect(removed.out).toBe('{"id":1,"name":"Rex","categoryId":1,"revision":2}');
    expect((await run(['pets', 'edit', '1'])).err).toMatch(
      /pets edit needs something to change: --name, --category, --status, .* or --notes;/,
    );

    expect((await run(['pets', 'edit', '1', '--env', 'staging'])).err).toMatch(
      /pets edit needs something to change: --name, --category, --status, .* or --notes;/,
    );
  });
});
