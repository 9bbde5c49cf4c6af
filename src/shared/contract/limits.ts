/** Page size of listPets, as the interface states it. */
export const PAGE_LIMIT = { default: 20, min: 1, max: 100 } as const;

/** Our bound on a pet's name (Unicode code points, after trimming); the interface gives none. */
export const NAME_MAX_LENGTH = 200;

/** The longest name taken from another server (UTF-16 units): what is stored and shown stays bounded. */
export const SERVER_NAME_MAX_LENGTH = 1_000;

/** int64, the format of `id` and `categoryId`. */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** Largest request body the HTTP service accepts; the interface gives none. */
export const REQUEST_BODY_MAX_BYTES = 16 * 1024;

/** The highest revision of an animal (changes are counted in a JavaScript number, exact to 2^53 - 1). */
export const REVISION_MAX = Number.MAX_SAFE_INTEGER;
