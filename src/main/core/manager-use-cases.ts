import type { ManagerPermit } from '../../shared/contract';
import type { ManagerLockView } from '../../shared/ipc/views';
import type { CoreParts } from './core-parts';

/** The manager's PIN: what it locks is asked for by each use case (see manager-lock.ts); these set and open it. */
export function createManagerUseCases({ managerLock }: CoreParts) {
  return {
    managerLock: (): ManagerLockView => managerLock.view(),
    /** Opens the lock for the one task of `permit`, once. */
    unlockManager: (pin: string, permit: ManagerPermit): Promise<ManagerLockView> => managerLock.unlock(pin, permit),
    lockManager: (): ManagerLockView => managerLock.lock(),
    setManagerPin: (pin: string | null): Promise<ManagerLockView> => managerLock.setPin(pin),
  };
}
