// An app with details meets a server of the interface alone that knows nothing of our code:
// Stoplight Prism mocking the seed's three operations, from resources/openapi.yaml with every
// extension taken out, and a NewPet that refuses any other member (a strict server). Prism
// validates each request: a detail sent would be refused, so an accepted add proves none was.
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { DETAIL_FIELD_NAMES } from '../../../src/shared/contract';
import { useCleanups } from '../../helpers/cleanups';
import { openapiDocument } from '../../helpers/openapi-contract';
import { freePort, startProcess, stopProcess } from '../../helpers/processes';
import { drain, openTestReplica } from '../../helpers/replica';
import { ROOT } from '../../helpers/serve-process';
import { useTempDir } from '../../helpers/temp-dir';

const { track } = useCleanups();
const tempDir = useTempDir();

/** The seed's interface: listPets, createPet and getPet, animals of its own members only. */
function seedDescription(): object {
  const document = structuredClone(openapiDocument) as {
    paths: Record<string, Record<string, unknown>>;
    components: { schemas: Record<string, { properties?: Record<string, unknown>; additionalProperties?: boolean }> };
  };
  const { pets, pet } = { pets: document.paths['/pets']!, pet: document.paths['/pets/{petId}']! };
  // Prism serves paths at its root (it ignores `servers`); an address of the app ends in /v1.
  document.paths = { '/v1/pets': { get: pets['get'], post: pets['post'] }, '/v1/pets/{petId}': { get: pet['get'] } };
  for (const name of ['NewPet', 'Pet']) {
    const schema = document.components.schemas[name]!;
    for (const member of [...DETAIL_FIELD_NAMES, 'photo', 'revision']) delete schema.properties![member];
    schema.additionalProperties = false;
  }
  return document;
}

let prism: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  const file = join(tempDir(), 'seed-interface.yaml');
  writeFileSync(file, stringify(seedDescription()));
  const port = await freePort();
  prism = await startProcess(
    join(ROOT, 'node_modules/.bin/prism'),
    ['mock', file, '--host', '127.0.0.1', '--port', String(port), '--errors'],
    /Prism is listening/,
  );
  baseUrl = `http://127.0.0.1:${port}/v1`;
}, 90_000);

afterAll(() => stopProcess(prism));

describe('a server of the seed interface alone (Prism), met by an app with details', () => {
  it('has no extensions; an add with details is sent without them and they are kept here', async () => {
    const { replica } = track(openTestReplica(tempDir(), 'staging', baseUrl));
    await replica.learnExtensions();
    expect(replica.status().details.server).toBe('lacks');

    const entry = replica.createPet({ name: 'Biscuit', categoryId: '1', price: 1250, breed: 'Beagle', sex: 'male' });
    await drain(replica);
    expect(replica.status()).toMatchObject({ waiting: 0, refused: 0 });
    const accepted = replica.outbox.list().find((added) => added.entryId === entry.entryId)!;
    expect(accepted.state).toBe('accepted');
    expect(replica.shownPet(accepted.serverId!)).toMatchObject({ price: 1250, breed: 'Beagle', sex: 'male' });
    expect(replica.status().details).toEqual({ server: 'lacks', photos: 'lacks', keptHere: 1 });
  });

  it('refuses an add that carries a detail: what the test above relies on', async () => {
    const client = createRemoteClient({ environment: 'staging', baseUrl, apiKey: async () => 'any-key-prism-accepts' });
    // Prism's answer, not the transport's: a kept-alive connection Prism closed as the request went
    // out (no answer at all, no status) is tried again, as the app's own sync would.
    const answered = async <T>(send: () => Promise<T>): Promise<T> => {
      for (let tries = 1; ; tries++) {
        try {
          return await send();
        } catch (error) {
          const { details } = error as { details?: { status?: number } };
          if (tries === 3 || details?.status !== undefined) throw error;
        }
      }
    };
    await expect(
      answered(() => client.createPet({ name: 'Biscuit', categoryId: '1', price: 1250 })),
    ).rejects.toMatchObject({
      details: { status: 422 },
    });
    await expect(answered(() => client.createPet({ name: 'Biscuit', categoryId: '1' }))).resolves.toHaveProperty('id');
  });
});
