import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startService, type RunningService } from './http-service';

export interface KeyIgnoringServer {
  /** The address the app is given (ends with /v1). */
  baseUrl: string;
  /** The service behind it, whose file says what was made. */
  service: RunningService;
  /** The Idempotency-Keys the app sent more than once (a header, or a change's key in a batch), with how often. */
  keysSentTwice(): Map<string, number>;
  /** How many keys the app sent, each counted once. */
  keysSent(): number;
  close(): Promise<void>;
}

/**
 * A pet store that ignores Idempotency-Key, as the interface allows: our service behind a proxy
 * that counts each key the app sends and removes it (the header, and each change's key in a batch
 * of changes), so a request sent again is made again. A key sent twice is something sent twice.
 */
export async function startKeyIgnoringServer(): Promise<KeyIgnoringServer> {
  const service = await startService();
  const sent = new Map<string, number>();
  const count = (key: unknown) => {
    if (typeof key === 'string') sent.set(key, (sent.get(key) ?? 0) + 1);
  };

  /** The request's body as forwarded: a batch of changes without its changes' keys. */
  function withoutKeys(req: IncomingMessage, body: Buffer): Buffer {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/pet-changes')) return body;
    const batch = JSON.parse(body.toString('utf8')) as { changes?: Array<Record<string, unknown>> };
    for (const change of batch.changes ?? []) {
      count(change['idempotencyKey']);
      delete change['idempotencyKey'];
    }
    return Buffer.from(JSON.stringify(batch));
  }

  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { 'idempotency-key': key, 'content-length': _length, host: _host, ...headers } = req.headers;
      count(key);
      const body = withoutKeys(req, Buffer.concat(chunks));
      const upstream = request(
        {
          host: '127.0.0.1',
          port: service.port,
          method: req.method,
          path: req.url,
          headers: { ...headers, 'content-length': String(body.length) },
        },
        (answer) => {
          const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...answerHeaders } = answer.headers;
          res.writeHead(answer.statusCode!, answerHeaders);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => req.socket.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    service,
    keysSentTwice: () => new Map([...sent].filter(([, n]) => n > 1)),
    keysSent: () => sent.size,
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await service.close();
    },
  };
}
