import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BearerCheck } from './bearer-auth';
import type { ListCache, ListPage } from './list-cache';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface CachedListPathOptions {
  listPath: string;
  contentType: string;
  cache: ListCache;
  checkBearer: (authorization: string | undefined) => BearerCheck;
  /** The per-request log line, as the routed requests get it. */
  logRequest?: (method: string, path: string, status: number, ms: number) => void;
  /** Where every request this path does not answer goes: Fastify's router. */
  passOn: RequestHandler;
}

/**
 * The hot path: a GET of the list, with the right key, whose page is cached, is answered here,
 * before Fastify routes it, with the same status, headers, body and log line as the route (a
 * test compares both byte for byte). Anything else goes on to Fastify at once.
 *
 * Freshness is checked once per turn of the event loop, not once per request: the requests read
 * in a turn wait for its check phase (setImmediate) and are answered there, after one read of
 * the change stamp. Each of them was read from its socket before that read, so each sees every
 * commit, ours or another process's, that had completed when it arrived; under load a turn reads
 * several requests, and they share the stamp's cost (two fcntl and an fstat in SQLite).
 */
export function createCachedListPath(
  options: CachedListPathOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const { listPath, contentType, cache, checkBearer, logRequest, passOn } = options;
  const queryStart = listPath.length + 1;
  let waiting: Array<{ request: IncomingMessage; response: ServerResponse; query: string; start: number }> = [];

  function answerWaiting(): void {
    const batch = waiting;
    waiting = [];
    let lookup: (query: string) => ListPage | undefined;
    try {
      lookup = cache.fresh();
    } catch {
      lookup = () => undefined; // the route meets the same failure and answers it in the Error shape
    }
    for (const { request, response, query, start } of batch) {
      const page = lookup(query);
      if (page === undefined) {
        passOn(request, response); // changed since it was read: the route answers from the store
        continue;
      }
      const { body, link } = page;
      response.writeHead(
        200,
        link === undefined
          ? { 'content-type': contentType, 'content-length': body.length }
          : { 'content-type': contentType, 'content-length': body.length, link },
      );
      response.end(body);
      logRequest?.('GET', request.url!, 200, performance.now() - start);
    }
  }

  return (request, response) => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !(url === listPath || url.startsWith(`${listPath}?`)))
      return passOn(request, response);
    const start = performance.now();
    const query = url.slice(queryStart);
    if (checkBearer(request.headers.authorization) !== 'ok' || !cache.holds(query)) return passOn(request, response);
    if (waiting.push({ request, response, query, start }) === 1) setImmediate(answerWaiting);
  };
}
