import type { Pet } from './pet';
import type { ManagerPermit } from './manager-pin';
import type { SameAnimal } from './same-animals';

/**
 * The closed set of error codes the service answers with, each with the one HTTP status it
 * travels with. The interface leaves the set of `code` values open ("not shown"); this is ours.
 */
export const ERROR_STATUS = {
  invalid_body: 400,
  invalid_json: 400,
  invalid_parameter: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  /** An animal under veterinary treatment cannot be sold. */
  under_treatment: 409,
  /** A microchip number belongs to one animal in an environment. */
  microchip_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  expectation_failed: 417,
  precondition_failed: 412,
  idempotency_key_mismatch: 422,
  precondition_required: 428,
  headers_too_large: 431,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * What the app reports beyond the service's own codes (across IPC, and in the CLI's exit codes),
 * the closed set: a server's own code is never passed on as ours, it travels in `AppError.server`.
 */
export const APP_ERROR_CODES = [
  /** The server could not be reached, or did not answer in time; try again later. */
  'unreachable',
  'timeout',
  'cancelled',
  /** A server answered with an Error other than 401 (see `server`). */
  'server_error',
  /** A server answered 401: the key it was sent is not accepted. */
  'key_rejected',
  /** Something answered, but not as a pet store service (a web page, a redirect, a body that is not the contract). */
  'not_the_contract',
  /** The server's HTTPS certificate is not trusted by this computer; nothing was sent. */
  'untrusted_certificate',
  /** Nothing was sent: the environment has no key, or no address. */
  'no_key',
  /** Nothing was sent: the key was set for another address, and a person has not confirmed it for this one. */
  'key_unconfirmed',
  'no_address',
  /** There is no OS keychain to keep keys in. */
  'keychain_unavailable',
  /** The call came from a frame that may not call the main process (not the app's own page). */
  'forbidden',
  /** The server does not take changes to animals (it lacks our extension); nothing was changed there. */
  'changes_unsupported',
  /** Not added: an animal of that name and category is already listed or waiting (see `duplicates`); add it anyway to add it. */
  'possible_duplicate',
  /** A write meant for an environment the app is not working in: main refuses it, nothing is changed. */
  'environment_not_active',
  /** A write to production that the person did not confirm in main's own question: nothing is sent. */
  'not_confirmed',
  /** A file of the app's (or a record in one) cannot be used: damaged, not its own, from a newer version, on a full or
   * read-only disk; the message names it (or says how to find it) and what to do. */
  'unusable_file',
  /** A manager's PIN is set, and this needs it (switching environment, Settings, discarding what waits). */
  'manager_pin_required',
  /** The PIN given is not the manager's. */
  'manager_pin_wrong',
  /** Too many wrong PINs: none is tried until `retryAfterMs` has passed. */
  'manager_pin_wait',
  /** The shop has counter staff, and nobody is signed in at the counter: a write from the window is refused. */
  'sign_in_required',
  /** The PIN given is not that staff member's. */
  'staff_pin_wrong',
  /** Too many wrong PINs for that staff member: none is tried until `retryAfterMs` has passed. */
  'staff_pin_wait',
] as const;

export type AppErrorCode = ErrorCode | (typeof APP_ERROR_CODES)[number];

const APP_CODES: ReadonlySet<string> = new Set([...ERROR_CODES, ...APP_ERROR_CODES]);
export const isAppErrorCode = (code: unknown): code is AppErrorCode => typeof code === 'string' && APP_CODES.has(code);

/** One field's problem: where a form puts the message (`field` is the contract's name, e.g. "categoryId"). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** What a server said when it answered with an Error: untrusted, kept bounded. */
export interface ServerSaid {
  status: number;
  code: string;
  message: string;
}

/** An error as the app reports it, across IPC and to the CLI: a code from the closed set, words for a person, and structure. */
export interface AppError {
  code: AppErrorCode;
  message: string;
  /** The HTTP status that goes with the code, when one does. */
  status?: number;
  /** Each field's problem, when the error is about fields. */
  fields?: FieldProblem[];
  server?: ServerSaid;
  /** With precondition_failed: the animal as it is now, which the change was not made to. */
  current?: Pet;
  /** With possible_duplicate: the animals of that name and category already listed or waiting. */
  duplicates?: SameAnimal[];
  /** With manager_pin_wait and staff_pin_wait: how long until a PIN is tried again. */
  retryAfterMs?: number;
  /** With manager_pin_required: the unlock to ask for (the PIN, with this, allows this task once). */
  permit?: ManagerPermit;
}

/** The interface's Error shape: `code`, `message`, `status` (repeating the HTTP status); ours adds `fields` on 400s. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
  fields?: FieldProblem[];
  /** Ours, on 412: the animal as it is now (the Pet shape), so a client can show it without asking again. */
  current?: Pet;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldProblem[] | undefined;
  readonly current: Pet | undefined;

  constructor(code: ErrorCode, message: string, fields?: FieldProblem[], current?: Pet) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
    this.current = current;
  }

  /** One message per field problem, each naming its field first, in one sentence a person can read. */
  static fromFields(code: ErrorCode, fields: FieldProblem[]): ApiError {
    return new ApiError(code, fields.map(({ field, message }) => `${field} ${message}`).join('; '), fields);
  }

  toBody(): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      status: this.status,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.current ? { current: this.current } : {}),
    };
  }
}
