import { z } from 'zod';
import { animalsQuerySchema } from './browse';
import { ENVIRONMENTS, type EnvironmentName } from './environments';
import { idFromLabelCode } from './label-code';

/**
 * Paper: cage cards, labels and the stock list, each laid out once (the app's own page) and printed
 * the same way from the window's Print…, its Save as PDF… and the command line.
 */

/** A card alone on an A6 or an A5 page, or four A6 cards to an A4 sheet. */
export const CARD_LAYOUTS = ['a6', 'a5', 'a4-four'] as const;
export type CardLayout = (typeof CARD_LAYOUTS)[number];

/** Labels on a 62 mm tape (one 62 × 29 mm label a page), or 24 stickers of 70 × 37 mm on an A4 sheet (3 × 8). */
export const LABEL_LAYOUTS = ['62mm', 'a4-3x8'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

export const PAPER_LAYOUT_WORDS: Readonly<Record<CardLayout | LabelLayout, string>> = {
  a6: 'A6, one card a page',
  a5: 'A5, one card a page',
  'a4-four': 'A4, four A6 cards a sheet',
  '62mm': '62 mm tape, one label each',
  'a4-3x8': 'A4 sticker sheet, 3 × 8',
};

/** What a card may show besides the animal's name, each of which a shop may leave off its cards. */
export const CARD_FIELDS = ['photo', 'species', 'breed', 'sex', 'age', 'price', 'status', 'codes'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const CARD_FIELD_WORDS: Readonly<Record<CardField, string>> = {
  photo: 'Photo',
  species: 'Species',
  breed: 'Breed',
  sex: 'Sex',
  age: 'Age',
  price: 'Price',
  status: 'Status',
  codes: 'QR code and barcode',
};

export const cardFieldsSchema = z
  .array(
    z.enum(CARD_FIELDS, { error: (issue) => `has ${String(issue.input).slice(0, 30)}, which is not a card field` }),
  )
  .max(CARD_FIELDS.length)
  .transform((fields) => CARD_FIELDS.filter((field) => fields.includes(field)));

/** The most animals one printing takes: a shop's whole stock, and a Chromium page that still prints in seconds. */
export const PAPER_MOST_ANIMALS = 2_000;

/** Which animals: those named by id (a selection), or every animal of a view of the list (its status, search, order). */
export const paperAnimalsSchema = z.union([
  z.strictObject({
    ids: z
      .array(z.string().max(40))
      .min(1, { error: 'names no animal: give one id or more' })
      .max(PAPER_MOST_ANIMALS, { error: `names more than ${PAPER_MOST_ANIMALS} animals: print them in parts` }),
    /** Those no longer here are left out, and said (the list's marks), rather than refusing the printing. */
    leaveOutGone: z.boolean().optional(),
  }),
  z.strictObject({ view: animalsQuerySchema.omit({ offset: true, limit: true }) }),
]);
export type PaperAnimals = z.input<typeof paperAnimalsSchema>;

/**
 * Animals named in text as a person types or scans them: ids or label codes (PSD-12), apart by
 * spaces or commas. The ids, or the first word that is neither, for the person to fix.
 */
export function readPaperIds(text: string): { ids: string[] } | { notAnId: string } {
  const ids: string[] = [];
  for (const word of text.split(/[\s,;]+/).filter((part) => part !== '')) {
    const id = /^-?[0-9]{1,19}$/.test(word) ? word : idFromLabelCode(word);
    if (id === undefined) return { notAnId: word.slice(0, 40) };
    ids.push(id);
  }
  return { ids };
}

const environment = z.enum(ENVIRONMENTS);

/** One printing: cards or labels of some animals in a layout, the stock list, or the week at a glance. */
export const paperRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cards'), environment, animals: paperAnimalsSchema, layout: z.enum(CARD_LAYOUTS) }),
  z.strictObject({
    kind: z.literal('labels'),
    environment,
    animals: paperAnimalsSchema,
    layout: z.enum(LABEL_LAYOUTS),
  }),
  z.strictObject({ kind: z.literal('stock'), environment }),
  /** The week at a glance of a period (its first and last days, YYYY-MM-DD), as the Week screen shows it. */
  z.strictObject({ kind: z.literal('week'), environment, from: z.string().max(40), to: z.string().max(40) }),
]);
export type PaperRequest = z.input<typeof paperRequestSchema>;
export type ValidPaperRequest = z.output<typeof paperRequestSchema>;
export type PaperKind = PaperRequest['kind'];

/** A printing on its way: animals laid out so far, then the page rendered. */
export interface PaperProgress {
  environment: EnvironmentName;
  kind: PaperKind;
  step: 'laying-out' | 'rendering' | 'done';
  done: number;
  total: number;
}

/** What a printing made: how many animals, those of the view left off (added here, no id yet to print), and those asked for that are gone. */
export interface PaperOutcome {
  animals: number;
  leftOff: number;
  /** Ids asked for with `leaveOutGone` that are here no longer, left out. */
  gone: readonly string[];
}

/** A PDF saved where a person chose (null: they chose nowhere). */
export interface PaperSaved extends PaperOutcome {
  path: string | null;
}

/** A printing handed to the operating system's print dialog: whether the person printed it. */
export interface PaperPrinted extends PaperOutcome {
  printed: boolean;
}
