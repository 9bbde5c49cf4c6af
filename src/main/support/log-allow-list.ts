import { constants } from 'node:os';
import { ENVIRONMENTS, isAppErrorCode } from '../../shared/contract';
import { IPC_CHANNELS } from '../../shared/ipc/contract';
import { COMMAND_WORDS } from '../cli/command-words';

/**
 * What of an app log line may go in a support bundle: an allow-list of fields, each with the
 * values it may hold, so that no line can carry a person's or an animal's data out. A field not
 * listed, or a value that fails its check, is left out (counted); a free-text message is kept only
 * when it is one the app writes in fixed words. A new log message joins LOG_MESSAGES to be seen.
 */
export const LOG_MESSAGES: ReadonlySet<string> = new Set([
  'starting',
  'uncaught exception',
  'unhandled rejection',
  'closing failed',
  'unexpected error',
  'a data file cannot be used',
  'IPC call refused: not the app frame',
  'getPet is deprecated by the server',
  'the sync thread stopped',
  'the sync thread failed',
  'cli command',
  'request',
  'request failed',
  'listening',
  'stopping: finishing requests in flight',
  'stopped',
  'API key set from the environment',
  'API key found in the OS keychain',
  'API key generated and stored in the OS keychain',
  'update check',
  'update check failed',
  'update downloaded',
  'update download failed',
  'update at quit',
  'updater error',
  'updates not started',
]);

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The words of our service's paths; any other segment but a number is shown as `:segment`. */
const PATH_WORDS = new Set(['v1', 'pets', 'pet-changes', 'orders', 'store', 'photo', 'history', 'extensions']);
const ERRNO_CODES = new Set(Object.keys(constants.errno));
const CHANNELS = new Set<string>(IPC_CHANNELS);
/** A version of this app (the one running, or one an update offers). */
const appVersion = (value: unknown) =>
  typeof value === 'string' && /^\d{1,4}(\.\d{1,4}){2}(-[0-9a-z.]{1,20})?$/.test(value) ? value : undefined;
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const oneOf = (set: ReadonlySet<string>) => (value: unknown) =>
  typeof value === 'string' && set.has(value) ? value : undefined;

function errorClass(value: unknown): Record<string, string> | undefined {
  const code = (value as { code?: unknown } | null)?.code;
  const type = (value as { type?: unknown } | null)?.type;
  const kept = {
    ...(typeof type === 'string' && /^([A-Z][A-Za-z]{0,40})?Error$/.test(type) ? { type } : {}),
    ...(typeof code === 'string' &&
    (ERRNO_CODES.has(code) || isAppErrorCode(code) || /^(SQLITE|ERR)_[A-Z0-9_]{1,60}$/.test(code))
      ? { code }
      : {}),
  };
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** Each allowed field, and what it keeps of a value (undefined: left out). */
const FIELDS: Record<string, (value: unknown) => unknown> = {
  time: (value) => (isFiniteNumber(value) ? new Date(value).toISOString() : undefined),
  level: (value) => (isFiniteNumber(value) ? (LEVELS[value] ?? value) : undefined),
  msg: oneOf(LOG_MESSAGES),
  environment: oneOf(new Set(ENVIRONMENTS)),
  channel: oneOf(CHANNELS),
  method: oneOf(HTTP_METHODS),
  status: (value) => (Number.isInteger(value) ? value : undefined),
  ms: (value) => (isFiniteNumber(value) ? value : undefined),
  exitCode: (value) => (Number.isInteger(value) ? value : undefined),
  development: (value) => (typeof value === 'boolean' ? value : undefined),
  signal: (value) => (typeof value === 'string' && /^SIG[A-Z0-9]{1,10}$/.test(value) ? value : undefined),
  version: appVersion,
  offered: (value) => (value === null ? null : appVersion(value)),
  path: (value) =>
    typeof value === 'string'
      ? value
          .split('?')[0]!
          .slice(0, 200)
          .split('/')
          .map((segment) =>
            segment === '' || /^\d{1,20}$/.test(segment) || PATH_WORDS.has(segment) ? segment : ':segment',
          )
          .join('/')
      : undefined,
  command: (value) =>
    typeof value === 'string' && (value === '(no command)' || value.split(' ').every((word) => COMMAND_WORDS.has(word)))
      ? value
      : undefined,
  err: errorClass,
  error: errorClass,
};

/** What a support bundle keeps of one log line: the allowed fields that pass, and how many were left out. */
export function allowedLogLine(line: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { leftOut: 'a line that is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { leftOut: 'a line that is not an object' };
  const kept: Record<string, unknown> = {};
  let leftOut = 0;
  for (const [field, value] of Object.entries(parsed)) {
    const keep = Object.hasOwn(FIELDS, field) ? FIELDS[field]!(value) : undefined;
    if (keep === undefined) leftOut++;
    else kept[field] = keep;
  }
  return { ...kept, fieldsLeftOut: leftOut };
}
