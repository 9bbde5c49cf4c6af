import type { RemoteEnvironment } from '../../shared/contract';

/** Each remote environment's replica (its animals and outbox) lives in a file of its own. */
export const replicaFileName = (environment: RemoteEnvironment) => `replica-${environment}.db`;
