import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DETAIL_FIELD_NAMES } from '../../src/shared/contract';
import { parseJson, stringifyJson } from '../../src/main/wire/json-codec';

/** What a server of the interface alone never stores or sends: our details, and the photo. */
const NOT_KEPT: readonly string[] = [...DETAIL_FIELD_NAMES, 'photo'];

export interface SeedOnlyProxy {
  baseUrl: string;
  /** From now on the server has the details and photos extensions: everything passes as it is. */
  gainDetails(): void;
  /** From now on it is a server of the interface alone again (one put back to an older version). */
  loseDetails(): void;
  /** Requests refused because they carried a detail (a strict server of the interface alone). */
  readonly refusedForDetails: number;
  /** Requests that asked which extensions it has. */
  readonly extensionsAsked: number;
  close(): Promise<void>;
}

const stripped = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stripped);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !NOT_KEPT.includes(key))
      .map(([key, inner]) => [key, stripped(inner)]),
  );
};
const carriesDetails = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.some(carriesDetails)
    : typeof value === 'object' &&
      value !== null &&
      Object.entries(value).some(([key, inner]) => NOT_KEPT.includes(key) || carriesDetails(inner));

/**
 * A real server without the details extension, made from our service on 127.0.0.1: it says it has
 * no extensions (404 on /extensions), refuses with 400 any request that carries a detail, as a
 * strict server of the interface alone would, and keeps none (they are cut from every answer,
 * the date sold our service sets among them). gainDetails() makes it our service as it is.
 */
export async function startSeedOnlyProxy(targetPort: number): Promise<SeedOnlyProxy> {
  let gained = false;
  let refusedForDetails = 0;
  let extensionsAsked = 0;
  const answer = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const isJson = (type: string | string[] | undefined) => String(type ?? '').includes('json');
      const body = isJson(req.headers['content-type']) ? raw.toString('utf8') : '';
      // A photo's path is our extension's: a server of the interface alone has no such thing.
      if (!gained && /\/photo(\?|$)/.test(req.url ?? '')) {
        refusedForDetails++;
        return answer(res, 404, { code: 404, message: 'Not found.' });
      }
      if (!gained && req.url?.endsWith('/extensions')) {
        extensionsAsked++;
        return answer(res, 404, { code: 404, message: 'Not found.' });
      }
      if (req.url?.endsWith('/extensions')) extensionsAsked++;
      if (!gained && body !== '' && carriesDetails(parseJson(body))) {
        refusedForDetails++;
        return answer(res, 400, { code: 400, message: 'Unknown field in the body.' });
      }
      const forwarded = request(
        { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers },
        (upstream) => {
          const parts: Buffer[] = [];
          upstream.on('data', (part: Buffer) => parts.push(part));
          upstream.on('end', () => {
            let sent = Buffer.concat(parts);
            if (!gained && isJson(upstream.headers['content-type']) && sent.length > 0)
              sent = Buffer.from(stringifyJson(stripped(parseJson(sent.toString('utf8')))));
            const headers = { ...upstream.headers, 'content-length': String(sent.length) };
            res.writeHead(upstream.statusCode ?? 502, headers);
            res.end(sent);
          });
        },
      );
      forwarded.on('error', () => res.destroy());
      forwarded.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    gainDetails: () => void (gained = true),
    loseDetails: () => void (gained = false),
    get refusedForDetails() {
      return refusedForDetails;
    },
    get extensionsAsked() {
      return extensionsAsked;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
