// The list's columns of an animal's details: which there are, what each shows, and which a person
// chose to see (kept on this computer, for this person's profile).
import { create } from 'zustand';
import {
  ageInWords,
  formatDate,
  formatMoney,
  localToday,
  personFieldsTakenBy,
  type EnvironmentName,
  type Pet,
  type PersonFieldName,
} from '../../shared/contract';

/** What a text cell needs besides the animal: the currency, the window's locale, and today. */
export interface CellContext {
  currency: string;
  locale: string | undefined;
  today: string;
}

/** A column of words: what the cell says, and the whole of it on hover where the cell says less. */
export interface TextColumn {
  kind: 'text';
  id: 'price' | 'age' | 'sex' | 'breed' | 'microchip';
  /** The field it shows: the column is offered only where the environment takes it. */
  field: PersonFieldName;
  label: string;
  cell(pet: Pet, context: CellContext): { text: string; title?: string };
}

/** The animal's thumbnail (see docs/window.md). */
export interface PhotoColumn {
  kind: 'photo';
  id: 'photo';
  label: string;
}

export type DetailColumn = TextColumn | PhotoColumn;

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

type CellText = { text: string; title?: string };
/**
 * A cell's words by what they are made of: the same price or date of birth is formatted once
 * (Intl formats slowly, and every row drawn after a filter change is formatted). Bounded: emptied
 * when full.
 */
const cellTexts = new Map<string, CellText>();
function cellText(key: string, make: () => CellText): CellText {
  let text = cellTexts.get(key);
  if (text === undefined) {
    if (cellTexts.size >= 5_000) cellTexts.clear();
    text = make();
    cellTexts.set(key, text);
  }
  return text;
}

export const DETAIL_COLUMNS: readonly DetailColumn[] = [
  { kind: 'photo', id: 'photo', label: 'Photo' },
  {
    kind: 'text',
    id: 'price',
    field: 'price',
    label: 'Price',
    cell: ({ price }, { currency, locale }) =>
      price === undefined
        ? { text: '' }
        : cellText(`price ${currency} ${locale} ${price}`, () => ({ text: formatMoney(price, currency, locale) })),
  },
  {
    kind: 'text',
    id: 'age',
    field: 'bornOn',
    label: 'Age',
    cell: ({ bornOn }, { locale, today }) =>
      bornOn === undefined
        ? { text: '' }
        : cellText(`age ${locale} ${today} ${bornOn}`, () => ({
            text: ageInWords(bornOn, today),
            title: `Born ${formatDate(bornOn, locale)}`,
          })),
  },
  {
    kind: 'text',
    id: 'sex',
    field: 'sex',
    label: 'Sex',
    cell: (pet) => ({ text: pet.sex === undefined ? '' : capital(pet.sex) }),
  },
  { kind: 'text', id: 'breed', field: 'breed', label: 'Breed', cell: (pet) => ({ text: pet.breed ?? '' }) },
  {
    kind: 'text',
    id: 'microchip',
    field: 'microchip',
    label: 'Microchip',
    cell: (pet) => ({ text: pet.microchip ?? '' }),
  },
];

export type ColumnId = DetailColumn['id'];
export const DEFAULT_COLUMNS: readonly ColumnId[] = ['price', 'age'];
/** Where the list has no room for every column chosen, which are left out first: the widest and least asked for. */
export const GIVE_WAY_ORDER: readonly ColumnId[] = ['microchip', 'breed', 'sex', 'photo', 'age', 'price'];
const STORAGE_KEY = 'petstore.list.columns';

/** The columns `environment` has: those of the fields it takes, and the photo (every environment keeps photos). */
export const columnsOffered = (environment: EnvironmentName): readonly DetailColumn[] =>
  DETAIL_COLUMNS.filter((column) => column.kind === 'photo' || personFieldsTakenBy(environment).includes(column.field));

function remembered(): readonly ColumnId[] {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null');
    if (!Array.isArray(stored)) return DEFAULT_COLUMNS;
    return DETAIL_COLUMNS.map((column) => column.id).filter((id) => stored.includes(id));
  } catch {
    return DEFAULT_COLUMNS; // a value this app did not write
  }
}

/** The columns the person chose, in the list's order; each change kept for the next start. */
export const useChosenColumns = create<{ chosen: readonly ColumnId[]; toggle(id: ColumnId, on: boolean): void }>()(
  (set, get) => ({
    chosen: remembered(),
    toggle(id, on) {
      const wanted = new Set(get().chosen);
      if (on) wanted.add(id);
      else wanted.delete(id);
      const chosen = DETAIL_COLUMNS.map((column) => column.id).filter((column) => wanted.has(column));
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(chosen));
      set({ chosen });
    },
  }),
);

/** The columns the list shows in `environment`: chosen, and offered there. */
export function useShownColumns(environment: EnvironmentName): readonly DetailColumn[] {
  const chosen = useChosenColumns((state) => state.chosen);
  return columnsOffered(environment).filter((column) => chosen.includes(column.id));
}

/** What the list's text cells need now, prices in `currency`. */
export const cellContext = (currency: string): CellContext => ({
  currency,
  locale: globalThis.navigator?.language,
  today: localToday(),
});

/** The chosen columns the list has no room for at its width now (Columns says so beside each). */
export const useColumnsWithoutRoom = create<{ without: readonly ColumnId[] }>()(() => ({ without: [] }));
