// Each environment's currency, as the window meets it: with main's decision of the active
// environment, set by a manager, refused in words when it is not a code. Real SQLite files.
import { describe, expect, it } from 'vitest';
import { createIpcRouter } from '../../../src/main/ipc/router';
import { refusal } from '../../helpers/refusal';
import { useTestCore } from './test-core';

describe('an environment’s currency', () => {
  const { open } = useTestCore();

  it('comes with the active environment, and a change of the active one’s is told as a new decision', async () => {
    const core = open();
    const router = createIpcRouter(core);
    const told: unknown[] = [];
    core.on('environmentChanged', (decided) => told.push(decided));
    expect(core.setCurrency({ environment: 'staging', currency: ' jpy ' })).toEqual({
      environment: 'staging',
      currency: 'JPY',
    });
    expect(told).toEqual([]); // not the active one: nothing the window shows changed
    expect(await router.dispatch('currency', { environment: 'staging' })).toEqual({
      ok: true,
      value: { environment: 'staging', currency: 'JPY' },
    });
    expect(await router.dispatch('setCurrency', { environment: 'local', currency: 'GBP' })).toEqual({
      ok: true,
      value: { environment: 'local', currency: 'GBP' },
    });
    expect(told).toEqual([{ environment: 'local', revision: 1, currency: 'GBP' }]);
    expect(core.activeEnvironment()).toEqual({ environment: 'local', revision: 1, currency: 'GBP' });
    core.setCurrency({ environment: 'local', currency: 'GBP' }); // the same: no new decision
    expect(told).toHaveLength(1);
    expect(core.setActiveEnvironment('staging')).toMatchObject({ environment: 'staging', currency: 'JPY' });
  });

  it('is a manager’s setting, and what is not a code is refused on its field before a PIN is asked', async () => {
    const core = open();
    await core.setManagerPin('2468');
    const notACode = await refusal(() => core.setCurrency({ environment: 'local', currency: 'pounds' }));
    expect(notACode).toMatchObject({
      code: 'invalid_parameter',
      fields: [{ field: 'currency', message: expect.stringMatching(/^must be an ISO 4217 currency code/) }],
    });
    const locked = await refusal(() => core.setCurrency({ environment: 'local', currency: 'CHF' }));
    expect(locked).toMatchObject({
      code: 'manager_pin_required',
      permit: { task: 'set-currency', environment: 'local' },
    });
    expect(core.currency('local')).not.toBe('CHF');
    await core.unlockManager('2468', { task: 'set-currency', environment: 'local' });
    expect(core.setCurrency({ environment: 'local', currency: 'CHF' }).currency).toBe('CHF');
  });
});
