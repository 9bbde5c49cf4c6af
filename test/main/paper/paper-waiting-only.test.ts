// Paper from a server's environment whose only animals wait to be sent: refused, saying how many
// were left off and why, not that there is none. Real SQLite files, an address where nothing answers.
import { describe, expect, it } from 'vitest';
import { TEST_API_KEY } from '../../helpers/http-service';
import { itWithKeyring } from '../../helpers/keyring';
import { freePort } from '../../helpers/processes';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from '../core/test-core';

describe('paper of animals not yet sent', () => {
  const { open } = useTestCore();

  itWithKeyring('says how many were left off and why when they are all there is', async () => {
    const core = open();
    await core.setBaseUrl('staging', `http://127.0.0.1:${await freePort()}/v1`);
    await core.setKey('staging', TEST_API_KEY);
    for (const name of ['Ada', 'Bo', 'Cy']) core.addPet('staging', { name, categoryId: '3', status: 'available' });
    const refused = await refusal(() => core.paperPdf({ kind: 'stock', environment: 'staging' }));
    expect(refused).toMatchObject({ code: 'not_found' });
    expect(refused.message).toBe(
      'There is no animal to print in this stock of staging: 3 added here are not yet on the server, with no id to print until sync sends them.',
    );
  });

  it('still says plainly when there is nothing at all', async () => {
    const refused = await refusal(() => open().paperPdf({ kind: 'stock', environment: 'local' }));
    expect(refused.message).toBe('There is no animal to print in this stock of local.');
  });
});
