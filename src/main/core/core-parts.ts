import type { EventEmitter } from 'node:events';
import type { EnvironmentName, ImportProgress, ServerStatus } from '../../shared/contract';
import type { ActiveEnvironmentView } from '../../shared/ipc/views';
import type { FaultLog } from '../app-error';
import type { Settings } from '../config/settings';
import type { CategoryNames } from '../store/category-names';
import type { KeyAccess, ConfirmKeyOrigin } from './key-access';
import type { ManagerLock } from './manager-lock';
import type { RemoteEnvironments } from './remote-environments';

/** What main decides and what changes, told through the core's `on(...)`. */
export type CoreEvents = {
  serverStatus: [ServerStatus];
  dataChanged: [{ environment: EnvironmentName }];
  environmentChanged: [ActiveEnvironmentView];
  importProgress: [ImportProgress & { environment: EnvironmentName }];
  categoriesChanged: [{ environment: EnvironmentName }];
};

/** The parts the core is assembled from, shared by its groups of use cases (see petstore-core.ts). */
export interface CoreParts {
  settings: Settings;
  keyAccess: KeyAccess;
  remotes: RemoteEnvironments;
  replica: RemoteEnvironments['replica'];
  managerLock: ManagerLock;
  categoryNames: CategoryNames;
  events: EventEmitter<CoreEvents>;
  log: FaultLog | undefined;
  confirmKeyOrigin: ConfirmKeyOrigin;
  saveFile: (suggestedName: string, contents: string) => Promise<string | null>;
  openFile: (purpose: 'animals' | 'category names') => Promise<string | null>;
}
