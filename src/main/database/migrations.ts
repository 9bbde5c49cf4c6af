/**
 * Schema history, oldest first; `PRAGMA user_version` records how many have been applied. A
 * migration is history: once released it is never edited, only followed by a new one.
 */
export type { Migration } from './schema-steps';
export { MIGRATIONS, SCHEMA_VERSION } from './app-migrations';
export { REPLICA_MIGRATIONS } from './replica-migrations';
