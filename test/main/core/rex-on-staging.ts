import { startService, TEST_API_KEY } from '../../helpers/http-service';
import type { useTestCore } from './test-core';

/** Our service on 127.0.0.1 with Rex (available), and a core that has listed it on staging. */
export async function rexOnStaging({ open, track }: ReturnType<typeof useTestCore>) {
  const service = track(await startService());
  const rex = service.store.createPet({ name: 'Rex', categoryId: '3', status: 'available' });
  const core = open();
  await core.setBaseUrl('staging', `${service.baseUrl}/v1`);
  await core.setKey('staging', TEST_API_KEY);
  await core.syncNow('staging');
  return { service, rex, core };
}
