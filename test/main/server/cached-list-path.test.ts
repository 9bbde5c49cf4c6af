import { connect } from 'node:net';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../src/main/server/app';
import { openDatabase } from '../../../src/main/database/database';
import { createPetsTable, type PetsTable } from '../../../src/main/database/pets-table';
import { useTempDir } from '../../helpers/temp-dir';

const KEY = 'cached-list-key-71d2';
const LIST = '/v1/pets?limit=5';

/** Writes all the requests in one write on one socket and reads until the server closes it. */
function pipelined(port: number, paths: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const requests = paths.map((path, i) => {
        const last = i === paths.length - 1 ? 'Connection: close\r\n' : '';
        return `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n${last}\r\n`;
      });
      socket.write(requests.join(''));
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () =>
      resolve(text.split(/(?=HTTP\/1\.1 )/).map((response) => response.replace(/^date: .*\r\n/im, ''))),
    );
    socket.on('error', reject);
  });
}

const names = (response: string) =>
  (JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as Array<{ name: string }>).map((pet) => pet.name);

describe('the cached list path', () => {
  const tempDir = useTempDir();

  async function start(onChangeStamp: (call: number) => void = () => {}) {
    const dbFile = join(tempDir(), 'pets.db');
    const db = openDatabase(dbFile);
    const store = createPetsTable(db);
    let stampReads = 0;
    const counted: PetsTable = {
      ...store,
      changeStamp: () => {
        onChangeStamp(++stampReads);
        return store.changeStamp();
      },
    };
    const app = buildServer({ db, store: counted, apiKey: KEY });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      dbFile,
      store,
      port: (app.server.address() as AddressInfo).port,
      stampReads: () => stampReads,
      close: async () => {
        await app.close();
        db.close();
      },
    };
  }

  it('answers the requests read in one turn after one freshness check, each byte for byte what the route gave', async () => {
    const service = await start();
    try {
      service.store.createPet({ name: 'Rex', categoryId: '1' });
      const [routed] = await pipelined(service.port, [LIST]); // through Fastify's route, which fills the cache
      const before = service.stampReads();
      const answers = await pipelined(
        service.port,
        Array.from({ length: 20 }, () => LIST),
      );
      expect(answers).toHaveLength(20);
      const withoutConnectionHeaders = (response: string) =>
        response.replace(/^(connection|keep-alive): .*\r\n/gim, '');
      for (const answer of answers) expect(withoutConnectionHeaders(answer)).toBe(withoutConnectionHeaders(routed!));
      expect(service.stampReads() - before).toBe(1);
    } finally {
      await service.close();
    }
  });

  it("sees another process's commit made after the page was cached and before the requests arrived", async () => {
    const service = await start();
    try {
      service.store.createPet({ name: 'Ours', categoryId: '1' });
      expect((await pipelined(service.port, [LIST])).map(names)).toEqual([['Ours']]);
      const other = new Database(service.dbFile);
      other.prepare('INSERT INTO pets (name, category_id) VALUES (?, ?)').run('Theirs', 2);
      other.close();
      expect((await pipelined(service.port, [LIST, LIST, LIST])).map(names)).toEqual(Array(3).fill(['Ours', 'Theirs']));
    } finally {
      await service.close();
    }
  });

  it('passes the waiting requests to the route when the check finds a commit made after they were read', async () => {
    let dbFile = '';
    let stampReadsAtBatch = 0;
    const service = await start((call) => {
      if (call !== stampReadsAtBatch) return;
      // Another process commits between the requests' arrival and the turn's freshness check.
      const other = new Database(dbFile);
      other.prepare('INSERT INTO pets (name, category_id) VALUES (?, ?)').run('Late', 3);
      other.close();
    });
    dbFile = service.dbFile;
    try {
      service.store.createPet({ name: 'Ours', categoryId: '1' });
      await pipelined(service.port, [LIST]);
      stampReadsAtBatch = service.stampReads() + 1;
      const answers = await pipelined(service.port, [LIST, LIST]);
      expect(answers.map((answer) => answer.slice(0, 15))).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
      expect(answers.map(names)).toEqual([
        ['Ours', 'Late'],
        ['Ours', 'Late'],
      ]);
    } finally {
      await service.close();
    }
  });

  it('a freshness check that fails reaches the client as a 500 in the Error shape (the route meets it too), and serving goes on', async () => {
    let failAt = Number.NaN; // none until the page is cached
    const service = await start((call) => {
      if (call === failAt || call === failAt + 1) throw new Error('database is locked');
    });
    try {
      expect((await pipelined(service.port, [LIST]))[0]).toMatch(/^HTTP\/1\.1 200 /);
      failAt = service.stampReads() + 1;
      const [failed] = await pipelined(service.port, [LIST]);
      expect(failed).toMatch(/^HTTP\/1\.1 500 /);
      expect(JSON.parse(failed!.slice(failed!.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 'internal',
        message: expect.any(String),
        status: 500,
      });
      expect((await pipelined(service.port, [LIST]))[0]).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await service.close();
    }
  });
});
