import { ENVIRONMENTS, REMOTE_ENVIRONMENTS } from '../../shared/contract';
import { toAppError } from '../app-error';
import type { PetstoreCore } from '../core/petstore-core';

/** What the settings of a support bundle are read from: the core's own views, each of which leaves keys out. */
export type SettingsCore = Pick<
  PetstoreCore,
  'activeEnvironment' | 'environmentSettings' | 'currency' | 'preferences' | 'cardFields' | 'counter' | 'managerLock'
>;

/**
 * The app's settings as a person set them, by allow-list: each setting read through its view,
 * which never holds a key (a key's status says whether one is set, when and for which origin);
 * the staff and the manager's PIN as counts and whether it is set, never a name or a PIN.
 */
export async function settingsWithoutSecrets(core: SettingsCore) {
  const counter = core.counter();
  return {
    activeEnvironment: core.activeEnvironment().environment,
    servers: Object.fromEntries(
      await Promise.all(
        REMOTE_ENVIRONMENTS.map(async (environment) => {
          const view = await core.environmentSettings(environment).then(
            ({ baseUrl, baseUrlSource, baseUrlProblem, key }) => ({
              address: baseUrl,
              addressFrom: baseUrlSource,
              addressProblem: baseUrlProblem,
              key: { set: key.set, setAt: key.setAt, origin: key.origin, forCurrentAddress: key.forCurrentAddress },
            }),
            (error: unknown) => `unreadable: ${toAppError(error).message}`,
          );
          return [environment, view] as const;
        }),
      ),
    ),
    currencies: Object.fromEntries(ENVIRONMENTS.map((environment) => [environment, core.currency(environment)])),
    confirmProductionAdds: core.preferences().confirmProductionAdds,
    cardFields: core.cardFields(),
    staff: {
      managers: counter.staff.filter((member) => member.role === 'manager').length,
      others: counter.staff.filter((member) => member.role !== 'manager').length,
      someoneSignedIn: counter.signedIn !== null,
      signInRequired: counter.signInRequired,
      idleSignOutMinutes: counter.idleSignOutMinutes,
    },
    managerPinSet: core.managerLock().pinSet,
  };
}
