import type { FastifyInstance } from 'fastify';
import { EXTENSIONS_PATH, OUR_EXTENSIONS } from '../../shared/contract';

/** `GET /v1/extensions`: which of our extensions this service has (every one), for a client to tell before it sends. */
export function registerExtensionsRoute(app: FastifyInstance, prefix: string): void {
  const body = JSON.stringify({ extensions: OUR_EXTENSIONS });
  app.get(`${prefix}${EXTENSIONS_PATH}`, (_request, reply) => {
    void reply.code(200).header('content-type', 'application/json; charset=utf-8').send(body);
  });
}
