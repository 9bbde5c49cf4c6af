import { createRemoteClient } from '../../src/main/remote/remote-client';
import { TEST_API_KEY, type RunningService } from './http-service';

/**
 * Another counter of the shop: a client of the same service that changes an animal as it is on the
 * server now, naming its person and the moment they acted (our history extension).
 */
export function anotherCounter(service: RunningService) {
  const client = createRemoteClient({
    environment: 'staging',
    baseUrl: `${service.baseUrl}/v1`,
    apiKey: async () => TEST_API_KEY,
  });
  return (petId: string, patch: Record<string, string>, act: { by: string; at: number }) =>
    client.changePet(petId, patch, { revision: service.store.getPet(petId).revision ?? null, act });
}
