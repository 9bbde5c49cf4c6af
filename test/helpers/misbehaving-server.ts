import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Each 25 MB answer begun: how much was handed to the socket, and whether all of it was. */
const hugeAnswers: { written: number; ended: boolean }[] = [];

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
  // 25 MB of animals, with no length announced (chunked), as fast as the socket takes it.
  huge: (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const row = `{"id":1,"name":"${'x'.repeat(1_000)}","categoryId":1},`;
    res.write('[');
    const answer = { written: 0, ended: false };
    hugeAnswers.push(answer);
    const more = () => {
      while (answer.written < 25_000_000 && !res.destroyed) {
        answer.written += row.length;
        if (!res.write(row)) return void res.once('drain', more);
      }
      if (!res.destroyed) res.end('{"id":2,"name":"y","categoryId":1}]', () => (answer.ended = true));
    };
    res.on('close', () => (answer.written = Math.min(answer.written, 25_000_000)));
    more();
  },
  // An id of half a million digits (within the answer limit): valid JSON, no int64.
  'long-number': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`[{"id":${'9'.repeat(500_000)},"name":"Big","categoryId":1}]`);
  },

  // Names that drive a terminal: set its title, write its clipboard (OSC 52), reverse the line.
  'escape-names': (_req, res) =>
    json(res, 200, [
      { id: 1, name: 'Title\u001b]0;pwned\u0007', categoryId: 1 },
      { id: 2, name: 'Clip\u001b]52;c;ZWNobyBoaQ==\u0007', categoryId: 1 },
      { id: 3, name: 'Fake\nrow  99  Injected', categoryId: 1 },
      { id: 4, name: '\u202Eesrever', categoryId: 1, status: 'sold' },
    ]),
  // Everything it sends back carries the Authorization header it was sent.
  'echo-key': (req, res) => {
    const sent = String(req.headers.authorization ?? '');
    if (req.method === 'GET') return json(res, 200, [{ id: 1, name: `Named ${sent}`, categoryId: 1 }]);
    res.writeHead(400, { 'content-type': 'application/json', 'x-echo': sent });
    res.end(JSON.stringify({ code: 'invalid_body', message: `You sent ${sent}`, status: 400 }));
  },
  // Come back in 3,000 years.
  'retry-never': (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '99999999999' });
    res.end(JSON.stringify({ code: 'unavailable', message: 'Later', status: 503 }));
  },
  // A message of 200 KB, within the answer limit: stored and shown only in part.
  'long-message': (_req, res) => json(res, 400, { code: 'invalid_body', message: 'm'.repeat(200_000), status: 400 }),
  'invalid-utf8': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(Buffer.concat([Buffer.from('[{"id":1,"name":"R'), Buffer.from([0xff]), Buffer.from('","categoryId":1}]')]));
  },

  // Pages whose next link sends the client (and its key) to another server.
  'link-elsewhere': (_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      link: '<http://evil.example/v1/pets?cursor=x>; rel="next"',
    });
    res.end('[{"id":1,"name":"One","categoryId":1}]');
  },
  // A next link back to the same page, for ever.
  'link-loop': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', link: `<${req.url}>; rel="next"` });
    res.end('[{"id":1,"name":"One","categoryId":1}]');
  },
  // A next link too long to arrive whole (its cursor of 5,000 characters).
  'link-long': (req, res) => {
    const next = `${req.url?.split('?')[0]}?cursor=${'c'.repeat(5_000)}`;
    res.writeHead(200, { 'content-type': 'application/json', link: `<${next}>; rel="next"` });
    res.end('[]');
  },
  'link-malformed': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', link: '<unterminated; rel=next' });
    res.end('[]');
  },
  // A server without the extension: a full first page (as many as asked, up to 100), never a next.
  'no-pages': (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const status = url.searchParams.get('status');
    json(
      res,
      200,
      Array.from({ length: limit }, (_, i) => ({
        id: i + 1 + (status === null ? 0 : 1000 * (['available', 'pending', 'sold'].indexOf(status) + 1)),
        name: `Fish ${i + 1}`,
        categoryId: 1,
        status: status ?? 'available',
      })),
    );
  },

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
  /** Every Authorization header it was sent, in order: what a server that collects keys would keep. */
  authorizations: string[];
  hugeAnswers: readonly { written: number; ended: boolean }[];
  close(): Promise<void>;
}

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const state = { requests: 0, authorizations: [] as string[] };
  const server = createServer((req, res) => {
    state.requests++;
    if (req.headers.authorization !== undefined) state.authorizations.push(req.headers.authorization);
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
    authorizations: state.authorizations,
    hugeAnswers,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
