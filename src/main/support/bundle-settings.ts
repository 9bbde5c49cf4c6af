import {
  ENVIRONMENTS,
  REMOTE_ENVIRONMENTS,
  type CardField,
  type CounterView,
  type EnvironmentName,
} from '../../shared/contract';
import type { ManagerLockView, PreferencesView } from '../../shared/ipc/views';
import { toAppError } from '../app-error';
import type { DoctorCore } from '../core/doctor-checks';

/** What the settings of a support bundle are read from: the core's use cases of these names, whose views leave keys out. */
export interface SettingsCore extends Pick<DoctorCore, 'activeEnvironment' | 'environmentSettings'> {
  currency(environment: EnvironmentName): string;
  preferences(): PreferencesView;
  cardFields(): CardField[];
  counter(): CounterView;
  managerLock(): ManagerLockView;
}

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
