/**
 * The closed set of error codes, each with the one HTTP status it travels with.
 * The interface leaves the set of `code` values open ("not shown"); this is ours, and every
 * error the core, the HTTP service or the IPC bridge produces uses one of these.
 */
export const ERROR_STATUS = {
  invalid_body: 400,
  invalid_json: 400,
  invalid_parameter: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_mismatch: 422,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The interface's Error shape: exactly these three fields, `status` repeating the HTTP status. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, status: this.status };
  }
}
