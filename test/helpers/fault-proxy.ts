import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { TEST_API_KEY } from './http-service';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to one request:
 * - pass: forward it and relay the answer;
 * - drop-after-commit: forward it, let the server commit, then cut the connection (the client never hears);
 * - reset: cut the connection before forwarding;
 * - reject-400: refuse it as the server would refuse an invalid animal;
 * - error-500, unavailable-503 and too-many-429 (with Retry-After, 1 s unless set), unauthorized-401: answer instead of the server;
 * - invalid-json: forward it, then answer 201 with a body that is not JSON;
 * - slow: forward it, relay the answer after `slowMs`;
 * - hold: forward it, relay the answer once the test calls release() (at once if it has since).
 */
export type Fault =
  | 'pass'
  | 'reject-400'
  | 'drop-after-commit'
  | 'reset'
  | 'error-500'
  | 'unavailable-503'
  | 'too-many-429'
  | 'unauthorized-401'
  | 'invalid-json'
  | 'slow'
  | 'hold';

export interface FaultProxy {
  baseUrl: string;
  /** Faults to apply to the next requests, in order; once used up, requests meet the mode. */
  schedule(faults: Fault[]): void;
  /** What every request meets once the schedule is used up, until changed ('pass' by default). */
  setMode(fault: Fault): void;
  /**
   * While set, every POST is refused with 400 and this message (a server with a rule of its own),
   * with `fields` as our service's extension carries them when given; GETs pass.
   */
  rejectPostsWith(message: string | null, fields?: Array<{ field: string; message: string }>): void;
  /** The Retry-After (seconds) its 503s and 429s carry: 1 unless set. */
  setRetryAfter(seconds: number): void;
  /** Requests forwarded to the real server (whatever the client heard). */
  forwarded: number;
  /** Answers kept back by 'hold' (the server has answered; the client has not heard), until release(). */
  held: number;
  /** Relays the answers to every request held so far, those the server has yet to give as they come. */
  release(): void;
  seen: Record<Fault, number>;
  close(): Promise<void>;
}

function errorBody(
  res: ServerResponse,
  status: number,
  code: string,
  headers: Record<string, string> = {},
  message = `injected ${status}`,
  fields?: Array<{ field: string; message: string }>,
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ code, message, status, ...(fields ? { fields } : {}) }));
}

/**
 * A proxy in front of our service that injects faults. `acceptedKey` is the key the service behind
 * it accepts: like a real server, the proxy refuses an animal (rejectPostsWith) only once the key
 * is good, and leaves a request with another key to the service, which answers 401.
 */
export async function startFaultProxy(
  targetPort: number,
  slowMs = 300,
  acceptedKey = TEST_API_KEY,
): Promise<FaultProxy> {
  let queue: Fault[] = [];
  let mode: Fault = 'pass';
  let postRejection: string | null = null;
  let postRejectionFields: Array<{ field: string; message: string }> | undefined;
  const state = { forwarded: 0, retryAfter: '1' };
  // The requests held until the next release() wait on one gate; `held` counts the answers waiting.
  let gate = Promise.withResolvers<void>();
  const holding = { held: 0 };
  const seen = Object.fromEntries(
    (
      [
        'pass',
        'reject-400',
        'drop-after-commit',
        'reset',
        'error-500',
        'unavailable-503',
        'too-many-429',
        'unauthorized-401',
        'invalid-json',
        'slow',
        'hold',
      ] as Fault[]
    ).map((f) => [f, 0]),
  ) as Record<Fault, number>;

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      state.forwarded++;
      const upstream = request(
        { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = createServer((req, res) => {
    const fault = queue.shift() ?? mode;
    const released = gate.promise;
    seen[fault]++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const keyAccepted = req.headers.authorization === `Bearer ${acceptedKey}`;
      if (postRejection !== null && req.method === 'POST' && keyAccepted)
        return errorBody(res, 400, 'invalid_body', {}, postRejection, postRejectionFields);
      switch (fault) {
        case 'reset':
          return req.socket.destroy();
        case 'reject-400':
          return errorBody(res, 400, 'invalid_body');
        case 'error-500':
          return errorBody(res, 500, 'internal');
        case 'unavailable-503':
          return errorBody(res, 503, 'unavailable', { 'retry-after': state.retryAfter });
        case 'too-many-429':
          return errorBody(res, 429, 'too_many_requests', { 'retry-after': state.retryAfter });
        case 'unauthorized-401':
          return errorBody(res, 401, 'unauthorized', { 'www-authenticate': 'Bearer' });
      }
      try {
        const answer = await forward(req, body);
        if (fault === 'drop-after-commit') return req.socket.destroy();
        if (fault === 'invalid-json') {
          res.writeHead(201, { 'content-type': 'application/json' });
          return res.end('{"id":');
        }
        if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, slowMs));
        if (fault === 'hold') {
          holding.held++;
          await released;
          holding.held--;
        }
        const {
          'content-length': _length,
          connection: _connection,
          'keep-alive': _keepAlive,
          'transfer-encoding': _te,
          ...headers
        } = answer.headers;
        res.writeHead(answer.status, headers);
        res.end(answer.body);
      } catch {
        req.socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    setMode: (fault) => {
      mode = fault;
    },
    setRetryAfter: (seconds) => {
      state.retryAfter = String(seconds);
    },
    schedule: (faults) => {
      queue = [...faults];
    },
    rejectPostsWith: (message, fields) => {
      postRejection = message;
      postRejectionFields = fields;
    },
    get forwarded() {
      return state.forwarded;
    },
    get held() {
      return holding.held;
    },
    /** Requests held when called; one that has not reached the proxy yet waits for the next (poll `held` first). */
    release() {
      gate.resolve();
      gate = Promise.withResolvers<void>();
    },
    seen,
    async close() {
      gate.resolve();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
