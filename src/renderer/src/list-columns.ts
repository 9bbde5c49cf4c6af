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

export interface DetailColumn {
  id: 'price' | 'age' | 'sex' | 'breed' | 'microchip';
  /** The field it shows: the column is offered only where the environment takes it. */
  field: PersonFieldName;
  label: string;
  /** What the cell says, and the whole of it on hover where the cell says less. */
  cell(
    pet: Pet,
    context: { currency: string; locale: string | undefined; today: string },
  ): {
    text: string;
    title?: string;
  };
}

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

export const DETAIL_COLUMNS: readonly DetailColumn[] = [
  {
    id: 'price',
    field: 'price',
    label: 'Price',
    cell: (pet, { currency, locale }) => ({
      text: pet.price === undefined ? '' : formatMoney(pet.price, currency, locale),
    }),
  },
  {
    id: 'age',
    field: 'bornOn',
    label: 'Age',
    cell: (pet, { locale, today }) =>
      pet.bornOn === undefined
        ? { text: '' }
        : { text: ageInWords(pet.bornOn, today), title: `Born ${formatDate(pet.bornOn, locale)}` },
  },
  { id: 'sex', field: 'sex', label: 'Sex', cell: (pet) => ({ text: pet.sex === undefined ? '' : capital(pet.sex) }) },
  { id: 'breed', field: 'breed', label: 'Breed', cell: (pet) => ({ text: pet.breed ?? '' }) },
  { id: 'microchip', field: 'microchip', label: 'Microchip', cell: (pet) => ({ text: pet.microchip ?? '' }) },
];

export type ColumnId = DetailColumn['id'];
export const DEFAULT_COLUMNS: readonly ColumnId[] = ['price', 'age'];
const STORAGE_KEY = 'petstore.list.columns';

/** The columns `environment` has: those of the fields it takes. */
export const columnsOffered = (environment: EnvironmentName): readonly DetailColumn[] =>
  DETAIL_COLUMNS.filter((column) => personFieldsTakenBy(environment).includes(column.field));

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

/** What a cell needs besides the animal: the currency, the window's locale, and today. */
export const cellContext = (currency: string) => ({
  currency,
  locale: globalThis.navigator?.language,
  today: localToday(),
});
