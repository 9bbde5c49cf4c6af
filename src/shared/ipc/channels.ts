/**
 * The names of the request channels, with no dependency at all, for the sandboxed preload (which
 * can load nothing but Electron). contract.ts gives each its schema and result type, and the
 * compiler checks that both lists hold exactly the same names.
 */
export const IPC_CHANNELS = [
  'listPets',
  'refreshPets',
  'addPet',
  'getPet',
  'activeEnvironment',
  'setActiveEnvironment',
  'setBaseUrl',
  'setKey',
  'clearKey',
  'keyStatus',
  'environmentSettings',
  'preferences',
  'setPreferences',
  'testConnection',
  'syncNow',
  'syncStatus',
  'resendEntry',
  'discardEntry',
] as const;

export type IpcChannelName = (typeof IPC_CHANNELS)[number];

export const IPC_PREFIX = 'petstore:';

export const IPC_EVENT_NAMES = ['syncStatus', 'dataChanged', 'environmentChanged', 'command'] as const;
