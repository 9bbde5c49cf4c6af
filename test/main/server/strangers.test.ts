// Connections that have not presented the key (strangers) cannot crowd out the shop's own clients:
// they get little time, few connections per address, and never the room kept for keyed ones.
// Raw sockets from several loopback addresses (127.0.0.2 and on: other machines, as the service
// sees them) against the real service over a real database file.
import { readFileSync, rmSync } from 'node:fs';
import { Agent, get as httpsGet } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type ServiceLimits } from '../../../src/main/server/app';
import { addressGroup } from '../../../src/main/server/connection-guard';
import { openDatabase } from '../../../src/main/database/database';
import { createPetsTable } from '../../../src/main/database/pets-table';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { openKeptAlive, type KeptAlive } from '../../helpers/kept-alive';
import { rawBody, rawExchange, rawStatus } from '../../helpers/raw-http';
import { OTHER_ADDRESSES, startStrangerWave, type StrangerWave } from '../../helpers/stranger-sockets';
import { makeTestCertificates } from '../../helpers/tls';

const opened: Array<{ close(): unknown } | { destroy(): unknown }> = [];
afterEach(async () => {
  while (opened.length) {
    const thing = opened.pop()!;
    await ('close' in thing ? thing.close() : thing.destroy());
  }
});
async function service(limits?: Partial<ServiceLimits>): Promise<RunningService> {
  return track(await startService({ limits }));
}
function track<T extends { close(): unknown } | { destroy(): unknown }>(thing: T): T {
  opened.push(thing);
  return thing;
}
const wave = (...args: Parameters<typeof startStrangerWave>): StrangerWave => {
  const started = startStrangerWave(...args);
  track({ close: () => started.stop() });
  return started;
};
const keptAlive = async (port: number, localAddress?: string): Promise<KeptAlive> =>
  track(await openKeptAlive(port, `Authorization: Bearer ${TEST_API_KEY}\r\n`, { localAddress }));

const HALF_A_HEADER = 'GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';
const KEYED_GET = `GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TEST_API_KEY}\r\nConnection: close\r\n\r\n`;
/** A keyed GET on a new connection from `from`, given `waitMs` to be answered: its status, or undefined. */
const keyedGet = async (port: number, from?: string, waitMs = 2_000) =>
  rawStatus((await rawExchange(port, KEYED_GET, { waitMs, localAddress: from })).text);

describe('a wave of strangers does not keep the shop out', () => {
  it('300 connections from eight addresses sending half a header or nothing, reconnecting: every keyed GET is answered meanwhile', async () => {
    const { port } = await service(); // the limits as shipped
    const counter = await keptAlive(port);
    expect(await counter.get('/v1/pets')).toBe(200);

    const strangers = wave(port, {
      count: 300,
      from: OTHER_ADDRESSES(2, 8),
      sends: (i) => (i % 2 === 0 ? HALF_A_HEADER : ''),
      reconnect: true,
      maxOpened: 20_000,
    });
    await expect.poll(() => strangers.opened, { timeout: 10_000 }).toBeGreaterThanOrEqual(300);

    const statuses: Array<number | undefined> = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(await keyedGet(port));
      statuses.push(await counter.get('/v1/pets', 2_000));
    }
    expect(statuses).toEqual(Array(40).fill(200));
    expect(strangers.closedByServer).toBeGreaterThan(300); // turned away, again and again, all the while
  });
});

describe('a stranger gets little time', () => {
  const limits = {
    strangerTimeoutMs: 300,
    headersTimeoutMs: 60_000,
    requestTimeoutMs: 60_000,
    keepAliveTimeoutMs: 60_000,
    idleTimeoutMs: 120_000,
  };

  it('silent, half a header, or refused and idle: closed after the stranger time, long before any other limit', async () => {
    const { port } = await service(limits);
    const [silent, half, refused] = await Promise.all([
      rawExchange(port, '', { waitMs: 5_000 }),
      rawExchange(port, HALF_A_HEADER, { waitMs: 5_000 }),
      rawExchange(port, 'GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n', { waitMs: 5_000 }),
    ]);
    expect([silent.closedByServer, half.closedByServer, refused.closedByServer]).toEqual([true, true, true]);
    expect(silent.text).toBe('');
    expect(rawStatus(half.text)).toBe(408);
    expect(rawBody(half.text)).toMatchObject({ code: 'request_timeout', status: 408 });
    expect(rawStatus(refused.text)).toBe(401); // answered, then closed when its time ran out
  });

  it('a connection that presented the key keeps the ordinary limits: it answers again after the stranger time', async () => {
    const { port } = await service(limits);
    const counter = await keptAlive(port);
    expect(await counter.get('/v1/pets')).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(counter.closed).toBe(false);
    expect(await counter.get('/v1/pets')).toBe(200);
  });
});

describe('over HTTPS as over HTTP', () => {
  it('a connection that never finishes its handshake is a stranger; a keyed HTTPS connection keeps the ordinary limits', async () => {
    const certificates = makeTestCertificates();
    track({ close: () => rmSync(certificates.dir, { recursive: true, force: true }) });
    const db = openDatabase(join(certificates.dir, 'pets.db'));
    const tls = { cert: readFileSync(certificates.certFile), key: readFileSync(certificates.keyFile) };
    const app = buildServer({
      db,
      store: createPetsTable(db),
      apiKey: TEST_API_KEY,
      tls,
      limits: { strangerTimeoutMs: 300 },
    });
    track({ close: async () => (await app.close(), db.close()) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const agent = track(new Agent({ keepAlive: true, maxSockets: 1, ca: certificates.ca }));
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = httpsGet(
          { host: '127.0.0.1', port, path: '/v1/pets', agent, headers: { authorization: `Bearer ${TEST_API_KEY}` } },
          (response) => {
            response.resume();
            response.on('end', () => resolve({ status: response.statusCode!, reused: request.reusedSocket }));
          },
        );
        request.on('error', reject);
      });
    expect(await get()).toEqual({ status: 200, reused: false });
    const noHandshake = await rawExchange(port, '', { waitMs: 5_000 });
    expect(noHandshake.closedByServer).toBe(true);
    expect(await get()).toEqual({ status: 200, reused: true }); // the same connection, past the stranger time
  });
});

describe('strangers are limited per address, and never take the room kept for keyed connections', () => {
  it('an address holding its share of strangers has its oldest closed for its next connection: a keyed one from it is answered', async () => {
    const { port } = await service({ maxStrangersPerAddress: 4 });
    const held = wave(port, { count: 4, from: ['127.0.0.2'], sends: () => '' });
    await expect.poll(() => held.open).toBe(4);
    // The shop's own client behind the same address (one machine, or one NAT) gets in.
    expect(await keyedGet(port, '127.0.0.2')).toBe(200);
    await expect.poll(() => held.open).toBe(3);
    // However many it holds, an address never holds more than its share.
    const more = wave(port, { count: 6, from: ['127.0.0.2'], sends: () => '' });
    await expect.poll(() => more.opened).toBe(6);
    await expect.poll(() => held.open + more.open).toBe(4);
    expect(await keyedGet(port, '127.0.0.3')).toBe(200);
  });

  it('past their share of the connections, the oldest stranger makes room; keyed connections are never closed for it', async () => {
    const { port } = await service({ maxConnections: 24, reservedForKeyed: 8, maxStrangersPerAddress: 2 });
    const counters: KeptAlive[] = [];
    for (let i = 0; i < 4; i++) {
      counters.push(await keptAlive(port)); // one after another: until it sends the key, each is a stranger too
      expect(await counters[i]!.get('/v1/pets')).toBe(200);
    }

    const strangers: StrangerWave[] = [];
    for (const address of OTHER_ADDRESSES(10, 20)) {
      strangers.push(wave(port, { count: 2, from: [address], sends: () => '' }));
      await expect.poll(() => strangers.at(-1)!.opened).toBe(2);
    }
    // 40 came, 16 (24 less the 8 kept) stay: the newest.
    await expect.poll(() => strangers.reduce((open, wave) => open + wave.open, 0)).toBe(16);
    expect(strangers.slice(-8).every((wave) => wave.open === 2)).toBe(true);

    for (const counter of counters) expect(await counter.get('/v1/pets')).toBe(200);
    expect(await keyedGet(port)).toBe(200);
  });
});

describe('what counts as one address', () => {
  it('an IPv4 address, mapped into IPv6 or not; an IPv6 /64, however it is written', () => {
    expect(addressGroup('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(addressGroup('192.168.1.20')).toBe('192.168.1.20');
    const one = addressGroup('2001:db8:0:7::1');
    expect(addressGroup('2001:0DB8:0000:0007:ffff:1:2:3')).toBe(one);
    expect(addressGroup('2001:db8::7:0:0:0:9')).toBe(one);
    expect(addressGroup('fe80::1%eth0')).toBe(addressGroup('fe80::2'));
    expect(addressGroup('2001:db8:0:8::1')).not.toBe(one);
    expect(addressGroup('::1')).not.toBe(addressGroup('127.0.0.1'));
  });
});
