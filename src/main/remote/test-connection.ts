import type { RemoteClient } from './remote-client';
import { RemoteError } from './remote-error';

export type ConnectionVerdict = 'ok' | 'key_rejected' | 'unreachable' | 'not_a_pet_store' | 'no_key' | 'no_address';

export interface ConnectionTest {
  verdict: ConnectionVerdict;
  /** In words, for a person. */
  message: string;
}

/** "Test connection": one listPets({limit: 1}), and what its outcome means. */
export async function testConnection(client: RemoteClient): Promise<ConnectionTest> {
  const where = `${client.environment} (${client.baseUrl ?? 'no address'})`;
  try {
    await client.listPets({ limit: 1 });
    return { verdict: 'ok', message: `${where} answered as a pet store service and accepted the key.` };
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    if (error.kind === 'no_key' || error.kind === 'no_address') return { verdict: error.kind, message: error.message };
    if (error.keyRejected)
      return {
        verdict: 'key_rejected',
        message: `${where} rejected the key: set the right key for ${client.environment}.`,
      };
    if (error.kind === 'unreachable' || error.kind === 'timeout')
      return { verdict: 'unreachable', message: error.message };
    return { verdict: 'not_a_pet_store', message: `${where} is not a pet store service: ${error.message}` };
  }
}
