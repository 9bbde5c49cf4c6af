import {
  nameSchema,
  NOTES_LONGEST,
  notesSchema,
  PET_STATUSES,
  revisionSchema,
  serverNameSchema,
  statusSchema,
  storedNotesSchema,
} from './animal-values';
import {
  DATE_TYPED_LONGEST,
  DETAIL_TEXT_MAX,
  dateSchema,
  LEAVING_WAY_WORDS,
  LEAVING_WAYS,
  leavingWaySchema,
  linesSchema,
  MICROCHIP_TYPED_LONGEST,
  microchipSchema,
  NOT_WHILE_LEFT,
  photoDigestSchema,
  priceSchema,
  SEXES,
  sexSchema,
  shortTextSchema,
  storedDateSchema,
  storedMicrochipSchema,
  storedTextSchema,
} from './animal-details';
import type {
  AnimalFieldName,
  DetailFieldName,
  Int64FieldName,
  PersonFieldName,
  QueuedFieldName,
  RemoteFieldName,
  RemotePersonFieldName,
  SentApartFieldName,
  ServerFieldName,
} from './animal-field-names';
import type { AnimalField } from './field-facts';
import { int64Schema } from './int64';
import { NAME_MAX_LENGTH, SERVER_NAME_MAX_LENGTH } from './limits';

export type { AnimalField, FieldKind, PersonField, Presence, ServerField } from './field-facts';

/**
 * The animal's fields, each declared once, in the order they are listed, stored and sent. The
 * schemas, the types (Pet, NewPet, PetPatch), the SQL columns and row mapping, the wire, the CSV
 * columns and the IPC bounds are derived from this.
 */
export const ANIMAL_FIELDS = {
  id: {
    column: 'id',
    kind: 'int64',
    presence: 'required',
    label: 'Id',
    setBy: 'server',
    fromServer: int64Schema,
    readOnly: 'cannot be changed: an animal keeps its id',
    csv: { header: 'id' },
  },
  name: {
    column: 'name',
    kind: 'text',
    presence: 'required',
    label: 'Name',
    setBy: 'person',
    accept: () => nameSchema,
    fromServer: () => serverNameSchema,
    longest: SERVER_NAME_MAX_LENGTH,
    csv: { header: 'name', alsoReads: ['animal', 'petname'] },
    // A character beyond the Basic Multilingual Plane (an emoji) takes two UTF-16 units.
    form: { input: 'text', maxLength: 2 * NAME_MAX_LENGTH },
  },
  categoryId: {
    column: 'category_id',
    kind: 'int64',
    presence: 'required',
    label: 'Category',
    setBy: 'person',
    accept: int64Schema,
    fromServer: int64Schema,
    csv: { header: 'category_id', alsoReads: ['category#'] },
    form: { input: 'category' },
  },
  status: {
    column: 'status',
    kind: 'choice',
    presence: 'optional',
    label: 'Status',
    setBy: 'person',
    choices: PET_STATUSES,
    accept: () => statusSchema,
    fromServer: () => statusSchema,
    csv: { header: 'status' },
    // Filters are by status: an animal without one is under All alone.
    form: { input: 'choice', none: 'No status (matches no filter)', startsWithFirst: true },
  },
  // The details (our extension): see animal-details.ts for their rules.
  price: {
    column: 'price_minor',
    kind: 'money',
    presence: 'ours',
    label: 'Price',
    setBy: 'person',
    accept: () => priceSchema,
    fromServer: () => priceSchema,
    csv: { header: 'price' },
    form: { input: 'money' },
  },
  sex: {
    column: 'sex',
    kind: 'choice',
    choices: SEXES,
    presence: 'ours',
    label: 'Sex',
    setBy: 'person',
    accept: () => sexSchema,
    fromServer: () => sexSchema,
    csv: { header: 'sex' },
    form: { input: 'choice', none: 'Not recorded' },
  },
  bornOn: {
    column: 'born_on',
    kind: 'date',
    presence: 'ours',
    label: 'Born',
    setBy: 'person',
    accept: () => dateSchema(['day', 'month', 'year']),
    fromServer: () => storedDateSchema,
    longest: DATE_TYPED_LONGEST,
    csv: { header: 'born_on', alsoReads: ['dateofbirth', 'dob', 'born'] },
    day: { event: 'it was born' },
    form: {
      input: 'date',
      maxLength: DATE_TYPED_LONGEST,
      hint: 'A day, or for an estimate a month or a year: 2026-05-03, 2026-05, 2026',
    },
  },
  species: {
    column: 'species',
    kind: 'text',
    presence: 'ours',
    label: 'Species',
    setBy: 'person',
    accept: () => shortTextSchema(DETAIL_TEXT_MAX.species),
    fromServer: () => storedTextSchema(2 * DETAIL_TEXT_MAX.species),
    longest: 2 * DETAIL_TEXT_MAX.species,
    csv: { header: 'species' },
    form: { input: 'text', maxLength: 2 * DETAIL_TEXT_MAX.species, more: true },
  },
  breed: {
    column: 'breed',
    kind: 'text',
    presence: 'ours',
    label: 'Breed',
    setBy: 'person',
    accept: () => shortTextSchema(DETAIL_TEXT_MAX.breed),
    fromServer: () => storedTextSchema(2 * DETAIL_TEXT_MAX.breed),
    longest: 2 * DETAIL_TEXT_MAX.breed,
    csv: { header: 'breed' },
    form: { input: 'text', maxLength: 2 * DETAIL_TEXT_MAX.breed, more: true },
  },
  microchip: {
    column: 'microchip',
    kind: 'text',
    presence: 'ours',
    label: 'Microchip',
    setBy: 'person',
    accept: () => microchipSchema,
    fromServer: () => storedMicrochipSchema,
    longest: MICROCHIP_TYPED_LONGEST,
    csv: { header: 'microchip', alsoReads: ['chip', 'identifier'] },
    form: {
      input: 'text',
      maxLength: MICROCHIP_TYPED_LONGEST,
      more: true,
      hint: '15 digits (ISO 11784), typed or scanned',
    },
  },
  acquiredOn: {
    column: 'acquired_on',
    kind: 'date',
    presence: 'ours',
    label: 'Acquired on',
    setBy: 'person',
    accept: () => dateSchema(['day']),
    fromServer: () => storedDateSchema,
    longest: DATE_TYPED_LONGEST,
    csv: { header: 'acquired_on' },
    day: { event: 'the day it was acquired', notBefore: ['bornOn'] },
    flag: 'acquired',
    form: { input: 'date', maxLength: DATE_TYPED_LONGEST, more: true, hint: 'The day the shop took it in: 2026-05-03' },
  },
  supplier: {
    column: 'supplier',
    kind: 'text',
    presence: 'ours',
    label: 'Supplier',
    setBy: 'person',
    accept: () => shortTextSchema(DETAIL_TEXT_MAX.supplier),
    fromServer: () => storedTextSchema(2 * DETAIL_TEXT_MAX.supplier),
    longest: 2 * DETAIL_TEXT_MAX.supplier,
    csv: { header: 'supplier' },
    form: { input: 'text', maxLength: 2 * DETAIL_TEXT_MAX.supplier, more: true },
  },
  // Present while the animal is under veterinary treatment: what, and until when. It blocks a sale.
  treatment: {
    column: 'treatment',
    kind: 'text',
    presence: 'ours',
    label: 'Treatment',
    setBy: 'person',
    accept: () => linesSchema(DETAIL_TEXT_MAX.treatment),
    fromServer: () => storedTextSchema(2 * DETAIL_TEXT_MAX.treatment),
    longest: 2 * DETAIL_TEXT_MAX.treatment,
    csv: { header: 'treatment' },
    form: {
      input: 'lines',
      maxLength: 2 * DETAIL_TEXT_MAX.treatment,
      more: true,
      hint: 'While under veterinary treatment: what, and until when. It cannot be sold until this is empty.',
    },
  },
  // Set by the store when the status becomes sold (today, unless given), removed when it goes back.
  soldOn: {
    column: 'sold_on',
    kind: 'date',
    presence: 'ours',
    label: 'Sold on',
    setBy: 'person',
    accept: () => dateSchema(['day']),
    fromServer: () => storedDateSchema,
    longest: DATE_TYPED_LONGEST,
    csv: { header: 'sold_on' },
    day: { event: 'the day it was sold', notBefore: ['bornOn', 'acquiredOn'] },
    form: { input: 'date', maxLength: DATE_TYPED_LONGEST, more: true, shownWhen: { field: 'status', is: 'sold' } },
  },
  // An animal that left the shop other than by a sale: when and how, given together (leaving-rules.ts).
  leftOn: {
    column: 'left_on',
    kind: 'date',
    presence: 'ours',
    label: 'Left on',
    setBy: 'person',
    accept: () => dateSchema(['day']),
    fromServer: () => storedDateSchema,
    longest: DATE_TYPED_LONGEST,
    csv: { header: 'left_on' },
    day: { event: 'the day it left', notBefore: ['bornOn', 'acquiredOn'] },
    noFlag: 'not-left',
    form: {
      input: 'date',
      maxLength: DATE_TYPED_LONGEST,
      more: true,
      shownWhen: { field: 'status', isNot: NOT_WHILE_LEFT },
      hint: 'The day it died, went back to its supplier or was rehomed: 2026-05-03',
    },
  },
  leftHow: {
    column: 'left_how',
    kind: 'choice',
    choices: LEAVING_WAYS,
    presence: 'ours',
    label: 'How it left',
    setBy: 'person',
    accept: () => leavingWaySchema,
    fromServer: () => leavingWaySchema,
    csv: { header: 'left_how' },
    flag: 'left-how',
    noFlag: 'not-left',
    form: {
      input: 'choice',
      none: 'It has not left',
      choiceWords: LEAVING_WAY_WORDS,
      more: true,
      shownWhen: { field: 'status', isNot: NOT_WHILE_LEFT },
    },
  },
  notes: {
    column: 'notes',
    kind: 'text',
    presence: 'ours',
    label: 'Notes',
    setBy: 'person',
    accept: () => notesSchema,
    fromServer: () => storedNotesSchema,
    longest: NOTES_LONGEST,
    csv: { header: 'notes' },
    form: { input: 'lines', maxLength: NOTES_LONGEST, more: true },
  },
  photo: {
    column: 'photo',
    kind: 'text',
    presence: 'ours',
    label: 'Photo',
    setBy: 'server',
    fromServer: () => photoDigestSchema,
    readOnly: 'is set by sending the photo itself (PUT /v1/pets/{petId}/photo)',
    sentApart: true,
  },
  // Our extension's, but read from any server that sends it: a server without it leaves it out.
  revision: {
    column: 'revision',
    kind: 'count',
    presence: 'optional',
    label: 'Revision',
    setBy: 'server',
    fromServer: () => revisionSchema,
    readOnly: 'is set by the server; send the revision you saw in If-Match instead',
  },
} as const satisfies Record<string, AnimalField>;

export type * from './animal-field-names';

export const ANIMAL_FIELD_NAMES = Object.keys(ANIMAL_FIELDS) as AnimalFieldName[];

const namesWhere = <N extends AnimalFieldName>(holds: (field: AnimalField) => boolean): readonly N[] =>
  ANIMAL_FIELD_NAMES.filter((name) => holds(ANIMAL_FIELDS[name])) as N[];

/** What a person gives: the fields of an add, and those a change may set (our extension). */
export const PERSON_FIELD_NAMES = namesWhere<PersonFieldName>((field) => field.setBy === 'person');
export const SERVER_FIELD_NAMES = namesWhere<ServerFieldName>((field) => field.setBy === 'server');
export const SENT_APART_FIELD_NAMES = namesWhere<SentApartFieldName>(
  (field) => field.setBy === 'server' && field.sentApart === true,
);
export const QUEUED_FIELD_NAMES = namesWhere<QueuedFieldName>(
  (field) => field.setBy === 'person' || field.sentApart === true,
);
export const INT64_FIELD_NAMES = namesWhere<Int64FieldName>((field) => field.kind === 'int64');
/** The fields an animal may lack (optional, or ours). */
export const OPTIONAL_FIELD_NAMES = namesWhere((field) => field.presence !== 'required');

const isOwnExtension = (field: AnimalField) => field.presence === 'ours';
/**
 * What every server is sent and read for: every field but our extension's. A server of the
 * interface alone never sees those; one with the details extension is sent and read for
 * DETAIL_FIELD_NAMES too (fieldsServerDecides).
 */
export const REMOTE_FIELD_NAMES = namesWhere<RemoteFieldName>((field) => !isOwnExtension(field));
/** What a person gives that every server is sent. */
export const REMOTE_PERSON_FIELD_NAMES = namesWhere<RemotePersonFieldName>(
  (field) => field.setBy === 'person' && !isOwnExtension(field),
);
/** The details extension's fields: what a person gives beyond the interface. */
export const DETAIL_FIELD_NAMES = namesWhere<DetailFieldName>(
  (field) => field.setBy === 'person' && isOwnExtension(field),
);
