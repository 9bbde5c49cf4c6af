// The service against slow, odd and hostile clients: raw sockets on
// 127.0.0.1 against the real service over a real database file.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveServerApiKey } from '../../../src/main/server/api-key';
import type { ServiceLimits } from '../../../src/main/server/app';
import type { Keychain } from '../../../src/main/secrets/keychain';
import { ERROR_CODES } from '../../../src/shared/contract';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { rawBody, rawExchange, rawStatus } from '../../helpers/raw-http';

const services: RunningService[] = [];
afterEach(async () => {
  while (services.length) await services.pop()!.close();
});
async function service(limits?: Partial<ServiceLimits>) {
  const started = await startService({ limits });
  services.push(started);
  return started;
}

const AUTH = `Authorization: Bearer ${TEST_API_KEY}\r\n`;
const JSON_POST = (length: number, auth = AUTH) =>
  `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n${auth}Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** The Error shape, with a code of ours and the status it goes with. */
function expectErrorShape(text: string, status: number, code?: string) {
  expect(rawStatus(text), text.slice(0, 200)).toBe(status);
  const body = rawBody(text) as { code: string; message: string; status: number };
  expect(body).toMatchObject({ status, message: expect.any(String) });
  expect(ERROR_CODES).toContain(body.code);
  if (code) expect(body.code).toBe(code);
  return body;
}

describe('the service against slow clients: nothing is held for long', () => {
  it('a body that never finishes: 408 in the Error shape, and the connection closed, within the request time limit', async () => {
    const { port } = await service({ requestTimeoutMs: 1_000, headersTimeoutMs: 500 });
    const exchange = await rawExchange(port, `${JSON_POST(1_000)}{"name":"Sl`, { waitMs: 6_000, trickleMs: 100 });
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.ms).toBeLessThan(3_500);
    expectErrorShape(exchange.text, 408, 'request_timeout');
  });

  it('headers that never finish: closed within the headers time limit', async () => {
    const { port } = await service({ requestTimeoutMs: 5_000, headersTimeoutMs: 500 });
    const exchange = await rawExchange(port, 'GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', {
      waitMs: 6_000,
      trickleMs: 100,
    });
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.ms).toBeLessThan(3_000);
    expectErrorShape(exchange.text, 408, 'request_timeout');
  });

  it('a POST refused before its body is read (no key, unknown route, too large): answered at once, and the connection closed', async () => {
    const { port } = await service({ requestTimeoutMs: 30_000 });
    const refusals: Array<[string, number]> = [
      [JSON_POST(5_000, ''), 401],
      [
        `POST /v1/nowhere HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n`,
        404,
      ],
      [JSON_POST(1_000_000), 413],
      [
        `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: text/plain\r\nContent-Length: 5000\r\n\r\n`,
        415,
      ],
    ];
    for (const [request, status] of refusals) {
      const exchange = await rawExchange(port, `${request}{"na`, { waitMs: 3_000, trickleMs: 50 });
      expect(exchange.closedByServer, `${status}: connection left open`).toBe(true);
      expect(exchange.ms).toBeLessThan(1_500);
      expectErrorShape(exchange.text, status);
    }
  });

  it('beyond the connection cap, the oldest connection without the key is closed for each new one; the service still answers', async () => {
    const { port } = await service({ maxConnections: 10, reservedForKeyed: 0 });
    const idle = await Promise.all(Array.from({ length: 25 }, () => rawExchange(port, '', { waitMs: 800 })));
    expect(idle.filter((exchange) => exchange.closedByServer).length).toBeGreaterThanOrEqual(15);
    // Once those are gone, a new connection is served (the service notices closed ones as it goes).
    const list = `GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n${AUTH}Connection: close\r\n\r\n`;
    await expect.poll(async () => rawStatus((await rawExchange(port, list)).text)).toBe(200);
  });
});

describe('the service answers every request in the Error shape', () => {
  it('CONNECT, a request without Host, an Expect it does not meet, oversized headers', async () => {
    const { port } = await service();
    expectErrorShape(
      (await rawExchange(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n')).text,
      405,
      'method_not_allowed',
    );
    const noHost = await rawExchange(port, `GET /v1/pets HTTP/1.1\r\n${AUTH}\r\n`);
    expect(expectErrorShape(noHost.text, 400, 'invalid_parameter').message).toMatch(/Host/);
    expectErrorShape(
      (await rawExchange(port, 'GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nExpect: teapots\r\n\r\n')).text,
      417,
      'expectation_failed',
    );
    const big = await rawExchange(
      port,
      `GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectErrorShape(big.text, 431, 'headers_too_large');
  });

  it('a JSON body with invalid UTF-8 is refused, never stored altered', async () => {
    const started = await service();
    const body = Buffer.concat([
      Buffer.from('{"name":"R'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('x","categoryId":1}'),
    ]);
    const request = Buffer.concat([
      Buffer.from(
        `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      ),
      body,
    ]);
    const answer = expectErrorShape((await rawExchange(started.port, request)).text, 400, 'invalid_json');
    expect(answer.message).toMatch(/UTF-8/);
    expect(started.store.listPets()).toEqual([]);
  });

  it('a header sent twice that is read as one is refused on it, to a client with the key; an If-Match list may repeat', async () => {
    const started = await service();
    const body = '{"name":"Twice","categoryId":1}';
    const post = (extra: string) =>
      `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: application/json\r\n${extra}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    for (const extra of [
      'Content-Type: text/plain\r\n',
      'Petstore-Actor: Ana\r\nPetstore-Actor: Bo\r\n',
      'Idempotency-Key: "a"\r\nIdempotency-Key: "b"\r\n',
      `${AUTH}`,
    ]) {
      const answer = expectErrorShape((await rawExchange(started.port, post(extra))).text, 400, 'invalid_parameter');
      expect(answer.message, extra).toMatch(/ must be sent once$/);
    }
    expect(started.store.listPets()).toEqual([]);
    const pet = started.store.createPet({ name: 'Listed', categoryId: '1' });
    const patch = `PATCH /v1/pets/${pet.id} HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: application/merge-patch+json\r\nIf-Match: "7"\r\nIf-Match: "1"\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
    expect(rawStatus((await rawExchange(started.port, patch)).text)).toBe(200);
  });

  it('JSON nested deeper than the reader goes is refused in words, not in the reader’s', async () => {
    const started = await service();
    const body = '['.repeat(8_000);
    const request = `${JSON_POST(body.length)}${body}`;
    const answer = expectErrorShape((await rawExchange(started.port, request)).text, 400, 'invalid_json');
    expect(answer.message).toBe('body is not valid JSON: it is nested more deeply than any body of this interface');
  });
});

describe('what a request sends is never echoed at length', () => {
  it('a 15,000-digit number, a long path and a long query value come back cut short', async () => {
    const { port } = await service();
    const body = `{"name":"Rex","categoryId":${'7'.repeat(15_000)}}`;
    const post = await rawExchange(port, `${JSON_POST(body.length)}${body}`);

    const bodyMessage = expectErrorShape(post.text, 400).message;
    expect(bodyMessage.length).toBeLessThan(300);
    const path = `/v1/${'p'.repeat(5_000)}`;
    const notFound = expectErrorShape(
      (await rawExchange(port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\n`)).text,
      404,
    ).message;
    expect(notFound.length).toBeLessThan(300);
    const query = expectErrorShape(
      (await rawExchange(port, `GET /v1/pets?status=${'x'.repeat(5_000)} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\n`))
        .text,
      400,
    ).message;
    expect(query.length).toBeLessThan(300);
  });
});

describe("the service's key", () => {
  const noKeychain: Keychain = {
    get: async () => null,
    set: async () => undefined,
    delete: async () => false,
  };
  const log = pino({ enabled: false });

  it('PETSTORE_API_KEY must be one a guesser cannot find: long and varied', async () => {
    for (const weak of ['k', 'petstore', 'a'.repeat(64), 'abababababababababababababababab']) {
      await expect(resolveServerApiKey({ PETSTORE_API_KEY: weak }, noKeychain, log)).rejects.toThrow(
        /at least 32 characters|too easy to guess/,
      );
    }
    const strong = 'Xq3v9Lr2Tz8Kw1Jm6Pd4Hs7Nc5Bf0Gy-';
    expect(await resolveServerApiKey({ PETSTORE_API_KEY: strong }, noKeychain, log)).toBe(strong);
  });

  it('a long key typed in a pattern is refused, saying how to make a random one: runs, keyboard rows, a repeated piece, few letters', async () => {
    const patterned = [
      'abcdefghijklmnopqrstuvwxyz012345',
      'zyxwvutsrqponmlkjihgfedcba987654',
      'qwertyuiopasdfghjklzxcvbnm123456',
      'QWERTYUIOP1234567890asdfghjklZXCVBNM',
      '0123456789abcdef0123456789abcdef',
      'Xq3v9Lr2Tz8Kw1JmXq3v9Lr2Tz8Kw1Jm',
      'petstore-petstore-petstore-petstore',
      '01234567890123456789012345678901234567890123456789',
    ];
    for (const key of patterned) {
      const refused = resolveServerApiKey({ PETSTORE_API_KEY: key }, noKeychain, log);
      await expect(refused, key).rejects.toThrow(/too easy to guess.*openssl rand -base64 32/);
    }
    const random = [
      randomBytes(32).toString('base64'), // openssl rand -base64 32
      randomBytes(32).toString('base64url'), // what the service generates
      randomBytes(16).toString('hex'), // 128 bits, the least taken
      'Xq3v9Lr2Tz8Kw1Jm6Pd4Hs7Nc5Bf0Gy-',
    ];
    for (const key of random) {
      expect(await resolveServerApiKey({ PETSTORE_API_KEY: key }, noKeychain, log), key).toBe(key);
    }
  });
});
