// Finding one animal by its label code, microchip or number, as a scan or Find by number asks:
// from what this computer has, online or not; the server asked only for a number it lacks. Real
// cores over real SQLite files, and our service on 127.0.0.1 (behind a front that counts getPet).
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { labelCode } from '../../../src/shared/contract';
import { startService, TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { refusal } from '../../helpers/refusal';
import { startServiceFront } from '../../helpers/service-front';
import { rexOnStaging } from './rex-on-staging';
import { useTestCore } from './test-core';

const CHIP = '985141000123456';

/**
 * Our service with Rex (available), listed on staging through a front on 127.0.0.1 that notes the
 * id of each GET /pets/{id} it is sent and, while `answerGetPet` is set, answers them itself.
 */
async function rexBehindFront({ open, track }: ReturnType<typeof useTestCore>) {
  const service = track(await startService());
  const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
  const asked: string[] = [];
  const server: { answerGetPet?: (res: ServerResponse) => void } = {};
  const front = track(
    await startServiceFront(service.port, (req, res) => {
      const id = /^\/v1\/pets\/(\d+)$/.exec(req.url ?? '')?.[1];
      if (req.method !== 'GET' || id === undefined) return false;
      asked.push(id);
      server.answerGetPet?.(res);
      return server.answerGetPet !== undefined;
    }),
  );
  const core = open();
  await core.setBaseUrl('staging', front.baseUrl);
  await core.setKey('staging', TEST_API_KEY);
  await core.syncNow('staging');
  return { service, rex, front, core, asked, server };
}

const answer =
  (status: number, body: string, type = 'application/json', headers: Record<string, string> = {}) =>
  (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  };
const errorBody = (status: number, code: string) => JSON.stringify({ code, message: `answered ${status}`, status });

describe('finding one animal by what names it', () => {
  const cores = useTestCore();

  it('in the local store: by its label code in any case, its microchip as a reader groups it, its number', async () => {
    const core = cores.open();
    const { pet } = core.addPet('local', { name: 'Rex', categoryId: '1', microchip: CHIP }) as { pet: { id: string } };
    core.addPet('local', { name: 'Bella', categoryId: '1' });
    for (const [text, by] of [
      [labelCode(pet.id), 'label'],
      [` ${labelCode(pet.id).toLowerCase()} `, 'label'],
      ['985 141 000 123 456', 'microchip'],
      [pet.id, 'id'],
    ] as const) {
      expect(await core.findAnimal('local', text), text).toMatchObject({ pet: { id: pet.id, name: 'Rex' }, by });
    }
  });

  it('says what it could not find, and what a text that names no animal should be', async () => {
    const core = cores.open();
    await expect(core.findAnimal('local', 'PSD-99')).rejects.toMatchObject({
      code: 'not_found',
      message: 'No animal has the number 99.',
    });
    await expect(core.findAnimal('local', '985141000999999')).rejects.toMatchObject({ code: 'not_found' });
    await expect(core.findAnimal('local', 'Rex')).rejects.toMatchObject({
      code: 'invalid_parameter',
      message: expect.stringContaining('is not a label code (PSD- and a number)'),
    });
  });

  itWithKeyring(
    'on a server: from the replica with the server down; an animal it lacks is asked of the server',
    async () => {
      const { service, rex, core } = await rexOnStaging(cores);
      const later = service.store.createPet({ name: 'Max', categoryId: '1', status: 'available' }); // not listed here yet
      expect(await core.findAnimal('staging', later.id)).toMatchObject({ pet: { name: 'Max' }, by: 'id' });
      await service.close();
      expect(await core.findAnimal('staging', labelCode(rex.id))).toMatchObject({ pet: { name: 'Rex' }, by: 'label' });
    },
  );

  itWithKeyring(
    'on a server: what the replica holds is answered from it, the server not asked; one it lacks is asked once',
    async () => {
      const { service, rex, core, asked } = await rexBehindFront(cores);
      service.store.changePet(rex.id, { name: 'Rex on the server' }, '*');
      expect(await core.findAnimal('staging', rex.id)).toEqual({
        pet: expect.objectContaining({ id: rex.id, name: 'Rex' }),
        by: 'id',
      });
      expect(await core.findAnimal('staging', labelCode(rex.id))).toMatchObject({ pet: { name: 'Rex' }, by: 'label' });
      expect(asked).toEqual([]);
      const max = service.store.createPet({ name: 'Max', categoryId: '1', status: 'available' });
      expect(await core.findAnimal('staging', max.id)).toEqual({
        pet: expect.objectContaining({ id: max.id, name: 'Max' }),
        by: 'id',
      });
      expect(asked).toEqual([max.id]);
      await core.findAnimal('staging', max.id);
      expect(asked, 'once asked, it is held here').toEqual([max.id]);
    },
  );

  itWithKeyring('on a server that no longer offers getPet: not found, and what to do', async () => {
    const { core, asked, server } = await rexBehindFront(cores);
    server.answerGetPet = answer(404, errorBody(404, 'not_found'));
    expect(await refusal(() => core.findAnimal('staging', '4242'))).toEqual({
      code: 'not_found',
      status: 404,
      message: 'No animal has the number 4242.',
    });
    // Any 404 is no animal by that number, whatever its body; the server is not failing for it.
    for (const notFound of [answer(404, '<h1>Not Found</h1>', 'text/html'), answer(404, '{"detail":"Not Found"}')]) {
      server.answerGetPet = notFound;
      expect(await refusal(() => core.findAnimal('staging', '4242'))).toEqual({
        code: 'not_found',
        status: 404,
        message: 'No animal has the number 4242.',
      });
      expect(core.serverStatus('staging').connection).toBe('online');
    }
    const withdrawn = {
      '405 Method Not Allowed': answer(405, errorBody(405, 'method_not_allowed'), 'application/json', {
        allow: 'POST',
      }),
      '410 Gone': answer(410, errorBody(410, 'gone')),
      '410 Gone without a body': answer(410, '', 'text/plain'),
      '501 Not Implemented': answer(501, errorBody(501, 'not_implemented')),
    };
    for (const [how, answerGetPet] of Object.entries(withdrawn)) {
      server.answerGetPet = answerGetPet;
      expect(await refusal(() => core.findAnimal('staging', '4242')), how).toEqual({
        code: 'not_found',
        status: 404,
        message: expect.stringMatching(/^No animal has the number 4242 on this computer, .*Sync now/),
      });
      // A server that lists and syncs is not shown as failing for an operation it withdrew.
      expect(core.serverStatus('staging').connection, how).toBe('online');
    }
    expect(asked).toHaveLength(3 + Object.keys(withdrawn).length);
  });

  itWithKeyring('on a server that cannot be reached: the animal is not on this computer, and why', async () => {
    const { rex, front, core } = await rexBehindFront(cores);
    await front.close();
    expect(await core.findAnimal('staging', rex.id)).toMatchObject({ pet: { name: 'Rex' } });
    expect(await refusal(() => core.findAnimal('staging', '4242'))).toEqual({
      code: 'unreachable',
      message: expect.stringMatching(
        /^No animal has the number 4242 on this computer, and the server could not be reached/,
      ),
    });
  });

  itWithKeyring(
    'an answer to getPet that is another animal, or no animal, is not shown as the one asked for',
    async () => {
      const { core, server } = await rexBehindFront(cores);
      const untrusted = {
        'another animal': answer(200, '{"id":4343,"name":"Impostor","categoryId":1}'),
        'invalid JSON': answer(200, '{"id":4242,'),
        'not a Pet': answer(200, '{"id":4242,"title":"Impostor"}'),
      };
      for (const [how, answerGetPet] of Object.entries(untrusted)) {
        server.answerGetPet = answerGetPet;
        expect(await refusal(() => core.findAnimal('staging', '4242')), how).toMatchObject({
          code: 'not_the_contract',
          message: expect.stringMatching(/^No animal has the number 4242 on this computer, /),
        });
      }
      // Nor is the animal it named kept as if the server had sent it.
      expect(core.shownPet('staging', '4242')).toBeUndefined();
      expect(core.shownPet('staging', '4343')).toBeUndefined();
    },
  );
});
