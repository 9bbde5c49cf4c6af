import { z } from 'zod';
import {
  ANIMAL_FIELD_NAMES,
  DETAIL_FIELD_NAMES,
  PERSON_FIELD_NAMES,
  REMOTE_FIELD_NAMES,
  SENT_APART_FIELD_NAMES,
} from './animal-fields';
import { objectShape } from './field-shapes';
import { statusSchema } from './animal-values';
import { describeValue } from './describe-value';
import { int64Schema, type ValueSource } from './int64';
import { PAGE_LIMIT } from './limits';
import { CURSOR_PROBLEM, decodePageCursor } from './page-cursor';

export {
  nameProblem,
  nameSchema,
  PET_STATUSES,
  revisionSchema,
  serverNameSchema,
  statusSchema,
  type PetStatus,
} from './animal-values';

export const objectError = (issue: { input?: unknown }) => `must be a JSON object, got ${describeValue(issue.input)}`;

/**
 * One schema per value source, built once: zod compiles a schema on its first use, so building one
 * per call costs more than the validation itself (it was most of the sync engine's CPU time).
 */
export function perSource<S>(build: (source: ValueSource) => S): (source: ValueSource) => S {
  const built = { app: build('app'), json: build('json') };
  return (source) => built[source];
}

/** NewPet: the request body of createPet, the fields a person gives. Unknown fields are ignored (stripped). */
export const newPetSchema = perSource((source) =>
  z.object(objectShape(PERSON_FIELD_NAMES, 'accept', source), { error: objectError }),
);

/** Pet as a service returns it: each field within what a server may send (see animal-fields.ts). */
export const petSchema = perSource((source) =>
  z.object(objectShape(ANIMAL_FIELD_NAMES, 'fromServer', source), { error: objectError }),
);

const arrayError = (issue: { input?: unknown }) => `must be a JSON array, got ${describeValue(issue.input)}`;

export const petsSchema = perSource((source) => z.array(petSchema(source), { error: arrayError }));

/**
 * Pet as we read a server's: the fields every server is sent and read for (REMOTE_FIELD_NAMES), and
 * the details and photo digest of one with our extensions, each read on its own: one out of bounds
 * is left out, never a reason to refuse the animal (a server of the interface alone may send a
 * field of that name meaning something else). Whether what it sends is kept is the replica's decision.
 */
export const remotePetSchema = perSource((source) => {
  const details = objectShape([...DETAIL_FIELD_NAMES, ...SENT_APART_FIELD_NAMES], 'fromServer', source);
  const lenient = Object.fromEntries(
    Object.entries(details).map(([name, schema]) => [name, (schema as z.ZodType).catch(undefined)]),
  ) as unknown as typeof details;
  return z.object({ ...objectShape(REMOTE_FIELD_NAMES, 'fromServer', source), ...lenient }, { error: objectError });
});

export const remotePetsSchema = perSource((source) => z.array(remotePetSchema(source), { error: arrayError }));

const limitProblem = (got: unknown) =>
  `must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}, got ${describeValue(got)}`;

/** `limit` arrives as a number from the app and as a decimal string from a URL query. */
const limitSchema = z
  .unknown()
  .optional()
  .transform((value, ctx): number => {
    if (value === undefined) return PAGE_LIMIT.default;
    const parsed =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?[0-9]{1,4}$/.test(value)
          ? Number(value)
          : NaN;
    if (Number.isInteger(parsed) && parsed >= PAGE_LIMIT.min && parsed <= PAGE_LIMIT.max) return parsed;
    ctx.addIssue({ code: 'custom', message: limitProblem(value), input: value });
    return z.NEVER;
  });

/** `cursor` (our extension): the page after the one that gave it out; its decoded form is `after`. */
const cursorSchema = z
  .string({ error: (issue) => `must be a string, got ${describeValue(issue.input)}` })
  .transform((cursor, ctx): string => {
    const after = decodePageCursor(cursor);
    if (after !== null) return after;
    ctx.addIssue({ code: 'custom', message: CURSOR_PROBLEM, input: cursor });
    return z.NEVER;
  });

/** The query of listPets. Unknown parameters are ignored. */
export const listPetsQuerySchema = z
  .object(
    { limit: limitSchema, status: statusSchema.optional(), cursor: cursorSchema.optional() },
    { error: objectError },
  )
  .transform(({ cursor, ...query }): typeof query & { after?: string } =>
    cursor === undefined ? query : { ...query, after: cursor },
  );

/** The path parameter of getPet. */
export const petIdSchema = int64Schema('app');

export type NewPet = z.output<ReturnType<typeof newPetSchema>>;
export type Pet = z.output<ReturnType<typeof petSchema>>;
export type Pets = Pet[];
/** The query after validation: `limit` defaulted. What callers send is `Partial<ListPetsQuery>`. */
export type ListPetsQuery = z.output<typeof listPetsQuerySchema>;
