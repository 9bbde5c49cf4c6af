import type { ANIMAL_FIELDS } from './animal-fields';

// The names of the animal's fields by what their declarations say (animal-fields.ts): types alone.
type Fields = typeof ANIMAL_FIELDS;
export type AnimalFieldName = keyof Fields;
/** The names of the fields whose declaration has `Facts`. */
export type FieldNamesWhere<Facts> = { [K in AnimalFieldName]: Fields[K] extends Facts ? K : never }[AnimalFieldName];
export type PersonFieldName = FieldNamesWhere<{ setBy: 'person' }>;
export type ServerFieldName = FieldNamesWhere<{ setBy: 'server' }>;
export type SentApartFieldName = FieldNamesWhere<{ sentApart: true }>;
/** What a change in a server environment's write queue may carry: what a person gives, and what is sent apart. */
export type QueuedFieldName = PersonFieldName | SentApartFieldName;
export type RequiredFieldName = FieldNamesWhere<{ presence: 'required' }>;
export type Int64FieldName = FieldNamesWhere<{ kind: 'int64' }>;
/** A field of our extension's details: the local store's alone (see REMOTE_FIELD_NAMES). */
export type OwnExtensionFieldName = FieldNamesWhere<{ presence: 'ours' }>;
export type RemoteFieldName = Exclude<AnimalFieldName, OwnExtensionFieldName>;
export type RemotePersonFieldName = Exclude<PersonFieldName, OwnExtensionFieldName>;
export type DetailFieldName = Extract<PersonFieldName, OwnExtensionFieldName>;
