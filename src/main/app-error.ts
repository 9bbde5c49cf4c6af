import { ApiError, type AppError } from '../shared/contract';
import { RemoteError } from './remote/remote-error';
import { KeychainUnavailableError } from './secrets/keychain';
import { storageProblem, UnusableFileError } from './database/unusable-file';

/** An error already reported as an AppError elsewhere (another thread), carried as it is. */
export class ReportedError extends Error {
  constructor(readonly report: AppError) {
    super(report.message);
    this.name = 'ReportedError';
  }
}

/** Where an error that is nobody's fault but ours is written (the app's log file). */
export interface FaultLog {
  error(fields: Record<string, unknown>, message: string): void;
}

/**
 * Any error as the app reports it: one translation for the IPC router, the CLI and the server
 * status, into a code from the closed set in src/shared. An error that is not one of ours (a bug,
 * a broken file) becomes `internal`, and its details go to the log, never to the window.
 */
export function toAppError(error: unknown, log?: FaultLog): AppError {
  if (error instanceof ReportedError) return error.report;
  if (error instanceof ApiError) {
    return {
      code: error.code,
      message: error.message,
      status: error.status,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.current ? { current: error.current } : {}),
    };
  }
  if (error instanceof RemoteError) {
    const { status, code, serverMessage, fields, current } = error.details;
    if (error.kind !== 'service_error')
      return { code: error.kind, message: error.message, ...(status ? { status } : {}) };
    const server = { status: status ?? 0, code: code ?? '', message: serverMessage ?? '' };
    return {
      code: status === 401 ? 'key_rejected' : 'server_error',
      message: error.message,
      status: server.status,
      server,
      ...(fields ? { fields } : {}),
      ...(current ? { current } : {}),
    };
  }
  if (error instanceof KeychainUnavailableError) return { code: 'keychain_unavailable', message: error.message };
  // A file a person must act on: the sentence says which and what to do; the log keeps the stack.
  const storage = error instanceof UnusableFileError ? error.message : storageProblem(error);
  if (storage !== undefined) {
    log?.error({ err: error }, 'a data file cannot be used');
    return { code: 'unusable_file', message: storage, status: 500 };
  }
  log?.error({ err: error }, 'unexpected error');
  return { code: 'internal', message: 'Something failed inside the app; the log file has the details.', status: 500 };
}
