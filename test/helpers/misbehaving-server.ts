import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a server that does not keep the contract might do; chosen by the first path segment after /v1. */
const BEHAVIOURS: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  // Never answers: the response deadline must fire.
  silent: () => {},
  // Sends headers, then the body so slowly that the overall deadline fires.
  'slow-body': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[');
  },
  reset: (req) => req.socket.destroy(),
  html: (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Please log in to the hotel Wi-Fi</body></html>');
  },
  portal: (_req, res) => {
    res.writeHead(302, { location: 'http://login.portal.example/' });
    res.end();
  },
  'wrong-shape': (_req, res) => json(res, 200, [{ id: 'one', title: 'not a pet' }]),
  'invalid-json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[{"id":1,');
  },
  'plain-text': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('[]');
  },
  'too-many': (_req, res) =>
    json(
      res,
      200,
      Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: 'x', categoryId: 1 })),
    ),
  'max-ids': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[{"id":9223372036854775807,"name":"Max","categoryId":-9223372036854775808,"status":"sold"}]');
  },
  unavailable: (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '7' });
    res.end(JSON.stringify({ code: 'unavailable', message: 'Down for maintenance', status: 503 }));
  },
  'server-error': (_req, res) => json(res, 500, { code: 'internal', message: 'The database is locked', status: 500 }),
  'error-without-body': (_req, res) => {
    res.writeHead(500);
    res.end();
  },
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export interface MisbehavingServer {
  /** The base address for one behaviour: `${url('html')}` ends with /v1. */
  url(behaviour: keyof typeof BEHAVIOURS): string;
  requests: number;
  close(): Promise<void>;
}

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const state = { requests: 0 };
  const server = createServer((req, res) => {
    state.requests++;
    const behaviour = /^\/([^/]+)\/v1\//.exec(req.url ?? '')?.[1] ?? '';
    (BEHAVIOURS[behaviour] ?? ((_q, r) => json(r, 404, { code: 'not_found', message: 'no', status: 404 })))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (behaviour) => `http://127.0.0.1:${port}/${behaviour}/v1`,
    get requests() {
      return state.requests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
