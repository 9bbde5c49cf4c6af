// Which of our extensions a server has: our service lists them at GET /v1/extensions (its answer
// validated against resources/openapi.yaml), and the remote client reads them from it; a server of
// the interface alone (404, in the Error shape or as a web page) has none; what a server lists is
// bounded, and names this app does not know are left out.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from '../../../src/main/remote/remote-client';
import { OUR_EXTENSIONS } from '../../../src/shared/contract';
import { send } from '../../helpers/http-client';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';

/** A server of the interface alone: the seed's three operations, and 404 for anything else, as `notFound` answers. */
function seedOnlyServer(notFound: (response: ServerResponse) => void): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/v1/pets')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      return;
    }
    notFound(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const clientOf = (baseUrl: string) =>
  createRemoteClient({ environment: 'staging', baseUrl, apiKey: async () => TEST_API_KEY });

describe('which extensions a server has', () => {
  let service: RunningService;
  const others: Server[] = [];
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service.close();
    for (const server of others) server.close();
  });

  async function serve(answer: (response: ServerResponse) => void): Promise<string> {
    const server = await seedOnlyServer(answer);
    others.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }

  it('our service lists every one, behind the key', async () => {
    const answer = await send(service.baseUrl, 'GET', '/v1/extensions');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ extensions: [...OUR_EXTENSIONS] });
    expect((await send(service.baseUrl, 'GET', '/v1/extensions', { headers: { authorization: '' } })).status).toBe(401);
    expect(await clientOf(`${service.baseUrl}/v1`).extensions()).toEqual([...OUR_EXTENSIONS]);
  });

  it('a server of the interface alone has none, whether its 404 is an Error or a web page', async () => {
    const asError = await serve((response) =>
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"code":"not_found","message":"No such route","status":404}'),
    );
    const asPage = await serve((response) =>
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>'),
    );
    const notImplemented = await serve((response) => response.writeHead(501).end());
    expect(await clientOf(asError).extensions()).toEqual([]);
    expect(await clientOf(asPage).extensions()).toEqual([]);
    expect(await clientOf(notImplemented).extensions()).toEqual([]);
  });

  it('names it does not know are left out; a list that is not one is not trusted', async () => {
    const newer = await serve((response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"extensions":["details","teleport","photos"]}'),
    );
    expect(await clientOf(newer).extensions()).toEqual(['details', 'photos']);
    const hostile = await serve((response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ extensions: Array.from({ length: 65 }, (_, i) => `x${i}`) })),
    );
    await expect(clientOf(hostile).extensions()).rejects.toMatchObject({ kind: 'not_the_contract' });
    const shouting = await serve((response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"extensions":["<script>"]}'),
    );
    await expect(clientOf(shouting).extensions()).rejects.toMatchObject({ kind: 'not_the_contract' });
  });

  it('a server that is down is unreachable, not a server without extensions', async () => {
    const down = await serve(() => undefined);
    const port = new URL(down).port;
    others.pop()!.close();
    await expect(clientOf(`http://127.0.0.1:${port}/v1`).extensions()).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
