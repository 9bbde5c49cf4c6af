// The animal's fields are declared once (src/shared/contract/animal-fields.ts); the schemas, the
// types, the merge patch, the IPC bounds and the wire are derived from that declaration.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ANIMAL_FIELD_NAMES,
  ANIMAL_FIELDS,
  animalToWire,
  applyPetPatch,
  changesNothing,
  composePatches,
  describePatch,
  fieldsServerDecides,
  newPetBounds,
  newPetSchema,
  parseOrThrow,
  PERSON_FIELD_NAMES,
  personFieldsTakenBy,
  petPatchBounds,
  petPatchSchema,
  petSchema,
  pickFields,
  REMOTE_FIELD_NAMES,
  REMOTE_PERSON_FIELD_NAMES,
  remotePetSchema,
  SERVER_NAME_MAX_LENGTH,
  type AnimalField,
  type Int64,
  type LeavingWay,
  type NewPet,
  type Pet,
  type PetPatch,
  type PetStatus,
  type Sex,
} from '../../src/shared/contract';
import { NOTES_LONGEST, NOTES_MAX_LENGTH } from '../../src/shared/contract/animal-values';
import { thrown } from '../helpers/store';

const DETAILS = [
  'price',
  'sex',
  'bornOn',
  'species',
  'breed',
  'microchip',
  'acquiredOn',
  'supplier',
  'treatment',
  'soldOn',
  'leftOn',
  'leftHow',
  'notes',
] as const;

const parsePatch = (patch: unknown) => parseOrThrow(petPatchSchema('app'), patch, 'invalid_body', 'body');

describe('the declaration', () => {
  it('lists the fields in the order they are stored and sent, each with its own column', () => {
    expect(ANIMAL_FIELD_NAMES).toEqual(['id', 'name', 'categoryId', 'status', ...DETAILS, 'photo', 'revision']);
    expect(PERSON_FIELD_NAMES).toEqual(['name', 'categoryId', 'status', ...DETAILS]);
    const columns = ANIMAL_FIELD_NAMES.map((name) => ANIMAL_FIELDS[name].column);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('gives each field a person sets what every room needs of it', () => {
    for (const name of ANIMAL_FIELD_NAMES) {
      const field: AnimalField = ANIMAL_FIELDS[name];
      expect(name, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(field.column, name).toMatch(/^[a-z][a-z0-9_]*$/);
      if (field.setBy === 'server') continue;
      expect(field.csv?.header, name).toBeTruthy();
      expect(field.label, name).toBeTruthy();
      if (field.kind === 'text' || field.kind === 'date') expect(field.longest, name).toBeGreaterThan(0);
      if (field.kind === 'choice') expect(field.choices?.length, name).toBeGreaterThan(0);
    }
  });

  it('derives the types with the shapes every room uses', () => {
    expectTypeOf<Pet>().toEqualTypeOf<{
      id: Int64;
      name: string;
      categoryId: Int64;
      status?: PetStatus;
      price?: number;
      sex?: Sex;
      bornOn?: string;
      species?: string;
      breed?: string;
      microchip?: string;
      acquiredOn?: string;
      supplier?: string;
      treatment?: string;
      soldOn?: string;
      leftOn?: string;
      leftHow?: LeavingWay;
      notes?: string;
      photo?: string;
      revision?: number;
    }>();
    expectTypeOf<NewPet>().toEqualTypeOf<{
      name: string;
      categoryId: Int64;
      status?: PetStatus;
      price?: number;
      sex?: Sex;
      bornOn?: string;
      species?: string;
      breed?: string;
      microchip?: string;
      acquiredOn?: string;
      supplier?: string;
      treatment?: string;
      soldOn?: string;
      leftOn?: string;
      leftHow?: LeavingWay;
      notes?: string;
    }>();
    expectTypeOf<PetPatch>().toEqualTypeOf<{
      name?: string;
      categoryId?: Int64;
      status?: PetStatus | null;
      price?: number | null;
      sex?: Sex | null;
      bornOn?: string | null;
      species?: string | null;
      breed?: string | null;
      microchip?: string | null;
      acquiredOn?: string | null;
      supplier?: string | null;
      treatment?: string | null;
      soldOn?: string | null;
      leftOn?: string | null;
      leftHow?: LeavingWay | null;
      notes?: string | null;
    }>();
  });
});

describe('schemas derived from it', () => {
  it('an add: our rules on the fields a person gives, required ones required', () => {
    expect(newPetSchema('app').parse({ name: ' Rex ', categoryId: 7, status: 'sold', id: '1' })).toEqual({
      name: 'Rex',
      categoryId: '7',
      status: 'sold',
    });
    expect(newPetSchema('json').safeParse({ name: 'Rex', categoryId: '7' }).success).toBe(false);
  });

  it("a server's animal: its own bound on a name, and our extension's revision optional", () => {
    const long = 'x'.repeat(SERVER_NAME_MAX_LENGTH);
    expect(petSchema('json').parse({ id: 1n, name: long, categoryId: 2n })).toEqual({
      id: '1',
      name: long,
      categoryId: '2',
    });
    expect(petSchema('json').parse({ id: 1n, name: 'Rex', categoryId: 2n, revision: 3n }).revision).toBe(3);
    expect(petSchema('json').safeParse({ id: 1n, name: `${long}x`, categoryId: 2n }).success).toBe(false);
  });

  it('a change: a field an animal may lack is removed with null, a required one cannot be, a server field is refused by name', () => {
    expect(parsePatch({ status: null, categoryId: 3 })).toEqual({ categoryId: '3', status: null });
    const refused = thrown(() => parsePatch({ name: null, id: '1', revision: 2, colour: 'red' }));
    expect((refused as { fields: unknown }).fields).toEqual([
      { field: 'id', message: 'cannot be changed: an animal keeps its id' },
      { field: 'revision', message: 'is set by the server; send the revision you saw in If-Match instead' },
      { field: 'colour', message: `is not a field that can be changed; change ${PERSON_FIELD_NAMES.join(', ')}` },
      { field: 'name', message: 'cannot be removed (null): every animal has a name; send a new one' },
    ]);
  });
});

describe('what the rooms share about a change', () => {
  const rex: Pet = { id: '1', name: 'Rex', categoryId: '2', status: 'available', revision: 4 };

  it('applies a patch field by field, a null removing the field', () => {
    expect(applyPetPatch(rex, { status: null, name: 'Tom' })).toEqual({
      id: '1',
      name: 'Tom',
      categoryId: '2',
      revision: 4,
    });
    expect(applyPetPatch(rex, { categoryId: '9' })).toEqual({ ...rex, categoryId: '9' });
  });

  it('knows a patch that changes nothing, and joins two', () => {
    expect(changesNothing(rex, { name: 'Rex', status: 'available' })).toBe(true);
    expect(changesNothing({ ...rex, status: undefined }, { status: null })).toBe(true);
    expect(changesNothing(rex, { status: null })).toBe(false);
    expect(composePatches({ name: 'Tom', status: 'sold' }, { status: null })).toEqual({ name: 'Tom', status: null });
  });

  it('says a patch in words, each field by its label', () => {
    expect(describePatch({ name: 'Tom', categoryId: '7', status: 'sold' })).toBe('name Tom, category 7, status sold');
    expect(describePatch({ status: null })).toBe('no status');
    expect(describePatch({})).toBe('nothing');
  });
});

describe('the IPC bounds: shapes only', () => {
  it('take an add and a change of the right shape, and refuse an unknown field', () => {
    expect(newPetBounds.parse({ name: 'Rex', categoryId: '7' })).toEqual({ name: 'Rex', categoryId: '7' });
    expect(newPetBounds.safeParse({ name: 'Rex', categoryId: '7', colour: 'red' }).success).toBe(false);
    expect(newPetBounds.safeParse({ name: 'Rex' }).success).toBe(false);
    expect(petPatchBounds.parse({ status: null })).toEqual({ status: null });
    expect(petPatchBounds.safeParse({ name: null }).success).toBe(false);
    expect(petPatchBounds.safeParse({ status: 'lost' }).success).toBe(false);
  });

  it('bound a text by what a server may send, and an int64 by its longest text', () => {
    expect(newPetBounds.safeParse({ name: 'x'.repeat(SERVER_NAME_MAX_LENGTH), categoryId: '1' }).success).toBe(true);
    expect(newPetBounds.safeParse({ name: 'x'.repeat(SERVER_NAME_MAX_LENGTH + 1), categoryId: '1' }).success).toBe(
      false,
    );
    expect(newPetBounds.safeParse({ name: 'Rex', categoryId: '1'.repeat(41) }).success).toBe(false);
    expect(newPetBounds.safeParse({ name: 'Rex', categoryId: 7 }).success).toBe(false);
  });
});

describe('the wire', () => {
  it('carries each int64 field as a bigint (a JSON integer), everything else as it is', () => {
    expect(animalToWire({ id: '9223372036854775807', name: 'Rex', categoryId: '-1', status: 'sold' })).toEqual({
      id: 9223372036854775807n,
      name: 'Rex',
      categoryId: -1n,
      status: 'sold',
    });
    expect(animalToWire({ status: null })).toEqual({ status: null });
  });
});

describe('what a server is sent and read for', () => {
  const ownExtension = (field: AnimalField) => field.presence === 'ours';

  it("is every field but our extension's details", () => {
    expect(REMOTE_FIELD_NAMES).toEqual(ANIMAL_FIELD_NAMES.filter((name) => !ownExtension(ANIMAL_FIELDS[name])));
    const remote: readonly string[] = REMOTE_FIELD_NAMES;
    expect(REMOTE_PERSON_FIELD_NAMES).toEqual(PERSON_FIELD_NAMES.filter((name) => remote.includes(name)));
    expect(REMOTE_FIELD_NAMES).toContain('revision'); // a server's own field of ours is read when it sends it
  });

  it('is what every environment takes of a person: a server without details has them kept here', () => {
    for (const environment of ['local', 'production', 'staging'] as const)
      expect(personFieldsTakenBy(environment)).toEqual(PERSON_FIELD_NAMES);
  });

  it("are what a server's answers decide: the details and the photo each only from a server with its extension", () => {
    expect(fieldsServerDecides({ details: false, photos: false })).toEqual(REMOTE_FIELD_NAMES);
    expect(fieldsServerDecides({ details: true, photos: false })).toEqual(
      ANIMAL_FIELD_NAMES.filter((name) => name !== 'photo'),
    );
    expect(fieldsServerDecides({ details: false, photos: true })).toEqual(
      ANIMAL_FIELD_NAMES.filter((name) => (REMOTE_FIELD_NAMES as readonly string[]).includes(name) || name === 'photo'),
    );
    expect(fieldsServerDecides({ details: true, photos: true })).toEqual(ANIMAL_FIELD_NAMES);
  });

  it("reads a server's animal without what it is not read for", () => {
    const sent = { id: 1n, name: 'Rex', categoryId: 2n, revision: 3n, colour: 'red' };
    expect(remotePetSchema('json').parse(sent)).toEqual({ id: '1', name: 'Rex', categoryId: '2', revision: 3 });
  });

  it('picks the fields an animal has of those named', () => {
    const entry = { entryId: '4', name: 'Rex', categoryId: '2', status: undefined, state: 'pending' };
    expect(pickFields(entry, PERSON_FIELD_NAMES)).toEqual({ name: 'Rex', categoryId: '2' });
    expect(Object.keys(pickFields(entry, PERSON_FIELD_NAMES))).toEqual(['name', 'categoryId']);
  });
});

describe('notes, our extension', () => {
  const notesOf = (notes: unknown) =>
    parseOrThrow(newPetSchema('app'), { name: 'Rex', categoryId: '1', notes }, 'invalid_body', 'body').notes;
  const problemOf = (notes: unknown) =>
    (thrown(() => notesOf(notes)) as { fields: Array<{ field: string; message: string }> }).fields;

  it('take one or more lines, trimmed, each break a line feed', () => {
    expect(notesOf('  Bites.\r\nFeed at 8.\rNo fish.\n\n')).toBe('Bites.\nFeed at 8.\nNo fish.');
    expect(notesOf('Ünïcödé 🐕 ok')).toBe('Ünïcödé 🐕 ok');
    expect(
      parseOrThrow(newPetSchema('app'), { name: 'Rex', categoryId: '1' }, 'invalid_body', 'body'),
    ).not.toHaveProperty('notes');
  });

  it("otherwise keep a name's rules, with their messages", () => {
    expect(problemOf('a\tb')).toEqual([
      { field: 'notes', message: 'must not contain control characters such as tabs (line breaks are fine)' },
    ]);
    expect(problemOf('ok \u202E evil')[0]!.message).toMatch(/^must not contain text-direction controls/);
    expect(problemOf(' \r\n \n ')[0]!.message).toBe('must not be empty');
    expect(problemOf('\u200B')[0]!.message).toBe('must contain at least one visible character');
    expect(problemOf('\uD800')[0]!.message).toMatch(/^must be valid Unicode text/);
    expect(problemOf(7)[0]!.message).toBe('must be a string, got 7');
  });

  it('are at most 2,000 characters, each counted once (an emoji too), and the bounds allow them', () => {
    expect(NOTES_MAX_LENGTH).toBe(2_000);
    const longest = '🐕'.repeat(NOTES_MAX_LENGTH);
    expect(notesOf(longest)).toBe(longest);
    expect(problemOf(`${longest}x`)[0]!.message).toBe('must be at most 2000 characters, got 2001');
    expect(newPetBounds.safeParse({ name: 'Rex', categoryId: '1', notes: longest }).success).toBe(true);
    expect(newPetBounds.safeParse({ name: 'Rex', categoryId: '1', notes: 'x'.repeat(NOTES_LONGEST + 1) }).success).toBe(
      false,
    );
    expect(petPatchBounds.parse({ notes: null })).toEqual({ notes: null });
  });

  it('are removed from an animal with null', () => {
    expect(parsePatch({ notes: null })).toEqual({ notes: null });
    expect(applyPetPatch({ id: '1', name: 'Rex', categoryId: '2', notes: 'Bites.' }, { notes: null })).toEqual({
      id: '1',
      name: 'Rex',
      categoryId: '2',
    });
  });

  it('are read from a server one by one: a detail out of bounds is left out, the animal kept', () => {
    expect(REMOTE_FIELD_NAMES).not.toContain('notes');
    const sent = { id: 1n, name: 'Rex', categoryId: 2n, notes: 'theirs', sex: 'dragon', price: -5, breed: 'Beagle' };
    expect(remotePetSchema('json').parse(sent)).toEqual({
      id: '1',
      name: 'Rex',
      categoryId: '2',
      notes: 'theirs',
      breed: 'Beagle',
    });
    expect(() => petSchema('json').parse(sent)).toThrow();
  });
});
