import { z } from 'zod';

/**
 * Which of our extensions a server has (`GET /v1/extensions`, itself our extension): a server of
 * the interface alone answers 404 (or 405, 501), and has none. A name is a kind of thing a server
 * does beyond the interface; a change to one that an older client could not follow gets a new name.
 */
export const EXTENSIONS_PATH = '/extensions';

export const OUR_EXTENSIONS = [
  /** Later pages of listPets: a cursor, and Link rel="next". */
  'pages',
  /** changePet: PATCH /pets/{petId} with If-Match. */
  'changes',
  /** changePets: POST /pet-changes. */
  'change-batch',
  /** An animal's details: price, sex, date of birth ... notes. */
  'details',
  /** An animal's photo: /pets/{petId}/photo. */
  'photos',
  /** Who made each write and when (Petstore-Actor, Petstore-Acted-At), and GET /pets/{petId}/history. */
  'history',
  /** Sales as orders: POST and GET /store/orders, GET /store/orders/{orderId}. */
  'orders',
] as const;
export type ExtensionName = (typeof OUR_EXTENSIONS)[number];

/** The most names an answer may list, and their form: what a server sends is bounded before it is read. */
const NAMES_MAX = 64;
const NAME = /^[a-z0-9][a-z0-9.-]{0,39}$/;

/** The answer as read from a server: names this app does not know are kept out, never an error. */
export const extensionsSchema = z
  .strictObject({
    extensions: z
      .array(z.string().regex(NAME, { error: 'must be a short lower-case name' }))
      .max(NAMES_MAX, { error: `must list at most ${NAMES_MAX} names` }),
  })
  .transform(({ extensions }): ExtensionName[] =>
    OUR_EXTENSIONS.filter((name) => (extensions as readonly string[]).includes(name)),
  );
