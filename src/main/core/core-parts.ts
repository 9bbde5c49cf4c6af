import type { EventEmitter } from 'node:events';
import type {
  CounterView,
  EnvironmentName,
  ImportProgress,
  PaperProgress,
  RemoteEnvironment,
  ServerStatus,
} from '../../shared/contract';
import type { BackupStatus } from '../../shared/contract/backups';
import type { UpdateView } from '../../shared/contract/updates';
import type { ActiveEnvironmentView } from '../../shared/ipc/views';
import type { FaultLog } from '../app-error';
import type { Settings } from '../config/settings';
import type { CategoryNames } from '../database/category-names';
import type { StaffTable } from '../database/staff-table';
import type { CounterSignIn } from './counter-sign-in';
import type { Inventory, RemoteServer } from './inventory';
import type { ConfirmKeyOrigin } from './key-access';
import type { ManagerLock } from './manager-lock';

/** What a file chosen in main's open dialog is for (a backup folder: a folder). */
export type FilePurpose = 'animals' | 'category names' | 'photo' | 'backup' | 'backup folder';

/** What main decides and what changes, told through the core's `on(...)`. */
export type CoreEvents = {
  serverStatus: [ServerStatus];
  dataChanged: [{ environment: EnvironmentName }];
  environmentChanged: [ActiveEnvironmentView];
  importProgress: [ImportProgress & { environment: EnvironmentName }];
  categoriesChanged: [{ environment: EnvironmentName }];
  counterChanged: [CounterView];
  paperProgress: [PaperProgress];
  backupsChanged: [BackupStatus];
  updateStatus: [UpdateView];
};

/**
 * The parts the core is assembled from, shared by its groups of use cases (see petstore-core.ts).
 * A use case reaches an environment's animals only through `inventory`, and what only a server
 * has through `server`, which the local store refuses.
 */
export interface CoreParts {
  inventory(environment: EnvironmentName): Inventory;
  server(environment: RemoteEnvironment): RemoteServer;
  settings: Settings;
  managerLock: ManagerLock;
  staff: StaffTable;
  counter: CounterSignIn;
  categoryNames: CategoryNames;
  events: EventEmitter<CoreEvents>;
  log: FaultLog | undefined;
  confirmKeyOrigin: ConfirmKeyOrigin;
  saveFile: (suggestedName: string, contents: string) => Promise<string | null>;
  openFile: (purpose: FilePurpose) => Promise<string | null>;
  now: () => number;
}
