/**
 * The names of the request channels, with no dependency at all, for the sandboxed preload (which
 * can load nothing but Electron). contract.ts gives each its schema and result type, and the
 * compiler checks that both lists hold exactly the same names.
 */
export const IPC_CHANNELS = [
  'listPets',
  'animals',
  'refreshAnimals',
  'addPet',
  'changePet',
  'getPet',
  'activeEnvironment',
  'setActiveEnvironment',
  'environmentSettings',
  'setBaseUrl',
  'setKey',
  'clearKey',
  'confirmKeyForAddress',

  'preferences',
  'setPreferences',
  'testConnection',
  'syncNow',
  'serverStatus',
  'resendEntry',
  'editEntry',
  'resolveConflict',
  'discardEntry',
  'addDefaults',
  'categoryNames',
  'nameCategory',
  'importCategoryNames',
  'exportCategoryNames',
  'exportAnimals',
  'previewImport',
  'importAnimals',
  'managerLock',
  'unlockManager',
  'lockManager',
  'setManagerPin',
] as const;

export type IpcChannelName = (typeof IPC_CHANNELS)[number];

export const IPC_PREFIX = 'petstore:';

export const IPC_EVENT_NAMES = [
  'serverStatus',
  'dataChanged',
  'environmentChanged',
  'command',
  'importProgress',
  'categoriesChanged',
] as const;
