import {
  ApiError,
  localToday,
  PAPER_MOST_ANIMALS,
  paperRequestSchema,
  parseOrThrow,
  petIdSchema,
  type CardField,
  type EnvironmentName,
  type PaperKind,
  type PaperPrinted,
  type PaperRequest,
  type PaperSaved,
  type Pet,
  type ValidPaperRequest,
} from '../../shared/contract';
import { animalOnPaper, type AnimalOnPaper } from '../paper/paper-animal';
import { CARDS_A_SHEET, cardsPage } from '../paper/card-sheet';
import { LABELS_A_SHEET, labelsPage } from '../paper/label-sheet';
import { inParts, printedInParts } from '../paper/pdf-in-parts';
import { paperPhotosAtIdle } from '../paper/paper-photos-at-idle';
import { photosForPaper } from '../paper/paper-photo';
import type { PaperPhotoFolder } from '../paper/paper-photo-folder';
import { stockPage } from '../paper/stock-list';
import { weekPage } from '../paper/week-sheet';
import type { WeekAtAGlance } from '../../shared/contract/week-at-a-glance';
import type { GlanceQuery } from './week-use-cases';
import type { PdfPrinter } from '../paper/pdf-printer';
import type { CoreParts } from './core-parts';

/** Where paper goes besides the core: the PDF printer, the operating system's print dialog, a file a person chooses. */
export interface PaperRoads {
  /** Made when first needed: Electron's printToPDF in the app, a headless Chromium elsewhere. */
  printer: () => PdfPrinter;
  /** Hands the app's page to the print dialog; whether the person printed it. Without a dialog (the command line), refused. */
  printPage?: (html: string, title: string) => Promise<boolean>;
  /** Saves the PDF where a person chooses (main's dialog); the path, or null when they chose none. */
  savePdf?: (suggestedName: string, pdf: Uint8Array) => Promise<string | null>;
  /** Where the photos made for paper are kept for the next printing; without it, in memory only. */
  photoFolder?: PaperPhotoFolder;
}

const PAGE_ROWS = 500;
/** Animals laid out between two progress events: about a second's worth of photos made at a first printing. */
const PROGRESS_EVERY = 25;

/** A page of paper made: the document, and how many animals it holds and left off. */
interface PaperPage {
  html: string;
  title: string;
  animals: number;
  leftOff: number;
  gone: string[];
  pageNumbers: boolean;
}

/**
 * A request's paper laid out: its animals in words, and the page of any of them. A page numbered
 * over its whole length (the lists) is printed whole; cards and labels in parts of whole sheets.
 */
interface PaperLayout {
  title: string;
  animals: AnimalOnPaper[];
  leftOff: number;
  /** Animals named that are here no longer, left out (a request that asked so: the list's marks). */
  gone: string[];
  pageNumbers: boolean;
  pageOf: (animals: readonly AnimalOnPaper[]) => string;
  perSheet?: number;
}

const isInStock = (pet: Pet) => pet.status !== 'sold' && pet.leftOn === undefined;

/**
 * Cage cards, labels, the stock list and the week at a glance (one layout each, in src/main/paper/), made the same way
 * for the window's Print… and Save as PDF… and for the command line: the animals gathered here,
 * laid out as the app's own page, printed by the one PdfPrinter.
 */
export function createPaperUseCases(
  { inventory, settings, events, now }: CoreParts,
  roads: PaperRoads,
  { weekAtAGlance }: { weekAtAGlance: (query: GlanceQuery) => WeekAtAGlance },
) {
  let printer: PdfPrinter | undefined;
  const progress = (
    environment: EnvironmentName,
    kind: PaperKind,
    step: 'laying-out' | 'rendering' | 'done',
    done: number,
    total: number,
  ) => events.emit('paperProgress', { environment, kind, step, done, total });

  /**
   * The animals a request names (each must be shown here, unless it asks those gone left out) or its
   * view holds (those without an id yet left off).
   */
  function gather(request: Exclude<ValidPaperRequest, { kind: 'week' }>): {
    pets: Pet[];
    leftOff: number;
    gone: string[];
  } {
    const { environment } = request;
    if (request.kind !== 'stock' && 'ids' in request.animals) {
      const ids = [
        ...new Set(request.animals.ids.map((id) => parseOrThrow(petIdSchema, id, 'invalid_parameter', 'id'))),
      ];
      const shown = ids.map((id) => [id, inventory(environment).shownPet(id)] as const);
      const missing = shown.flatMap(([id, pet]) => (pet === undefined ? [id] : []));
      if (missing.length > 0 && !(request.animals.leaveOutGone === true && missing.length < ids.length))
        throw new ApiError(
          'not_found',
          request.animals.leaveOutGone === true
            ? `None of the animals marked is in ${environment} any more: clear the marks.`
            : `No animal has id ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ''} in ${environment}.`,
        );
      const pets = shown.flatMap(([, pet]) => pet ?? []);
      return { pets, leftOff: 0, gone: missing };
    }
    const query =
      request.kind === 'stock' || 'ids' in request.animals ? { sort: 'name' as const } : request.animals.view;
    const pets: Pet[] = [];
    let leftOff = 0;
    for (let offset = 0; ; offset += PAGE_ROWS) {
      const window = inventory(environment).animals({ ...query, offset, limit: PAGE_ROWS });
      for (const row of window.rows) {
        if (row.kind === 'entry') leftOff += 1;
        else if (request.kind !== 'stock' || isInStock(row.pet)) pets.push(row.pet);
      }
      if (pets.length > PAPER_MOST_ANIMALS)
        throw new ApiError(
          'invalid_parameter',
          `This view holds more than ${PAPER_MOST_ANIMALS} animals, more than one printing takes: narrow it by status or a search.`,
        );
      if (window.rows.length < PAGE_ROWS || offset + PAGE_ROWS >= window.total) return { pets, leftOff, gone: [] };
    }
  }

  /**
   * The kept photos of the animals most likely printed next, for the background (paperPhotosAtIdle):
   * the active environment's available animals, newest first, at most one printing's worth looked at.
   */
  function* photosLikelyPrinted(): Generator<Uint8Array> {
    const environment = settings.activeEnvironment();
    for (let offset = 0; offset < PAPER_MOST_ANIMALS; offset += PAGE_ROWS) {
      const query = { status: 'available' as const, sort: 'newest' as const, offset, limit: PAGE_ROWS };
      const window = inventory(environment).animals(query);
      for (const row of window.rows) {
        const photo = row.kind === 'entry' ? undefined : photoOf(environment, row.pet);
        if (photo !== undefined) yield photo;
      }
      if (window.rows.length < PAGE_ROWS) return;
    }
  }
  let printing = 0;
  /** The use case, counted as a printing while it runs: the background makes no photo meanwhile. */
  const whilePrinting = async <T>(use: () => Promise<T>): Promise<T> => {
    printing++;
    try {
      return await use();
    } finally {
      printing--;
    }
  };
  const atIdle =
    roads.photoFolder &&
    paperPhotosAtIdle({ photos: photosLikelyPrinted, folder: roads.photoFolder, printing: () => printing > 0 });
  let afterChange: (() => void) | undefined;

  function photoOf(environment: EnvironmentName, pet: Pet): Uint8Array | undefined {
    if (pet.photo === undefined) return undefined;
    try {
      return inventory(environment).photos().photo(pet.id, 'image')?.bytes;
    } catch {
      return undefined; // an environment that keeps no photos: the card has none
    }
  }

  async function laidOut(given: PaperRequest): Promise<PaperLayout> {
    const request = parseOrThrow(paperRequestSchema, given, 'invalid_parameter', 'paper');
    const { environment, kind } = request;
    if (request.kind === 'week') {
      const html = weekPage(weekAtAGlance(request));
      return { title: 'Week at a glance', animals: [], leftOff: 0, gone: [], pageNumbers: true, pageOf: () => html };
    }
    const { pets, leftOff, gone } = gather(request);
    if (pets.length === 0)
      throw new ApiError(
        'not_found',
        `There is no animal to print in this ${kind === 'stock' ? 'stock' : 'view'} of ${environment}` +
          (leftOff === 0
            ? '.'
            : `: ${leftOff} added here ${leftOff === 1 ? 'is' : 'are'} not yet on the server, with no id to print until sync sends ${leftOff === 1 ? 'it' : 'them'}.`),
      );
    const currency = settings.currency(environment);
    const today = localToday(new Date(now()));
    const shown = new Set<CardField>(settings.cardFields());
    const withPhotos = kind === 'cards' && shown.has('photo');
    const withCodes = kind === 'labels' || (kind === 'cards' && shown.has('codes'));
    // Told by twenty-fives, each step once, the event loop let through so that the window hears it now.
    let told = -1;
    const tell = async (done: number) => {
      const step = done - (done % PROGRESS_EVERY);
      if (step <= told || step >= pets.length) return;
      told = step;
      progress(environment, kind, 'laying-out', step, pets.length);
      await new Promise(setImmediate);
    };
    await tell(0);
    const photos = withPhotos
      ? await photosForPaper(
          pets.map((pet) => photoOf(environment, pet)),
          (done) => void tell(done),
          roads.photoFolder,
        )
      : [];
    const animals: AnimalOnPaper[] = [];
    for (const [index, pet] of pets.entries()) {
      await tell(index);
      animals.push(animalOnPaper(pet, currency, today, { photo: photos[index], codes: withCodes }));
    }
    const made = { animals, leftOff, gone, pageNumbers: false };
    if (request.kind === 'cards') {
      const { layout } = request;
      const pageOf = (some: readonly AnimalOnPaper[]) => cardsPage(some, layout, (field) => shown.has(field));
      return { ...made, title: 'Cage cards', pageOf, perSheet: CARDS_A_SHEET[layout] };
    }
    if (request.kind === 'labels') {
      const { layout } = request;
      const pageOf = (some: readonly AnimalOnPaper[]) => labelsPage(some, layout);
      return { ...made, title: 'Labels', pageOf, perSheet: LABELS_A_SHEET[layout] };
    }
    const pageOf = (some: readonly AnimalOnPaper[]) => stockPage(some, { environment, today });
    return { ...made, title: 'Stock', pageNumbers: true, pageOf };
  }

  /** The request's page whole, with what it holds. */
  async function paperPage(request: PaperRequest): Promise<PaperPage> {
    const { animals, pageOf, ...layout } = await laidOut(request);
    return { ...layout, html: pageOf(animals), animals: animals.length };
  }

  /** The request's paper printed to PDF, in parts whose progress is told as each is printed, with what it holds. */
  const paperPdf = (request: PaperRequest) => whilePrinting(() => printedPdf(request));

  async function printedPdf(request: PaperRequest): Promise<Omit<PaperPage, 'html'> & { pdf: Uint8Array }> {
    const { animals, pageOf, perSheet, ...layout } = await laidOut(request);
    const { environment, kind } = request;
    const parts = perSheet === undefined ? [animals] : inParts(animals, perSheet);
    const printedBy = (part: number) => parts.slice(0, part).reduce((sum, some) => sum + some.length, 0);
    progress(environment, kind, 'rendering', 0, animals.length);
    printer ??= roads.printer();
    const pdf = await printedInParts(
      printer,
      parts.map((some) => () => pageOf(some)),
      { pageNumbers: layout.pageNumbers, title: layout.title },
      (part) => progress(environment, kind, 'rendering', printedBy(part), animals.length),
    );
    progress(environment, kind, 'done', animals.length, animals.length);
    return { ...layout, animals: animals.length, pdf };
  }

  return {
    paperPage,
    paperPdf,

    /** The PDF, to a file a person chooses (main's save dialog). */
    async savePaper(request: PaperRequest): Promise<PaperSaved> {
      const { pdf, animals, leftOff, gone, title } = await paperPdf(request);
      const day = new Date(now()).toISOString().slice(0, 10);
      const suggested = `${title.toLowerCase().replace(/ /g, '-')}-${request.environment}-${day}.pdf`;
      const path = roads.savePdf === undefined ? null : await roads.savePdf(suggested, pdf);
      return { path, animals, leftOff, gone };
    },

    /** The page, to the operating system's print dialog (the window's Print…). */
    async printPaper(request: PaperRequest): Promise<PaperPrinted> {
      if (roads.printPage === undefined)
        throw new ApiError('invalid_parameter', 'There is no print dialog here: save the PDF and print that.');
      const page = await whilePrinting(() => paperPage(request));
      progress(request.environment, request.kind, 'rendering', page.animals, page.animals);
      const printed = await roads.printPage(page.html, page.title);
      progress(request.environment, request.kind, 'done', page.animals, page.animals);
      return { printed, animals: page.animals, leftOff: page.leftOff, gone: page.gone };
    },

    /** What the shop's cards show besides the name. */
    cardFields: (): CardField[] => settings.cardFields(),

    setCardFields: (fields: CardField[]): CardField[] => settings.setCardFields(fields),

    /**
     * Photos kept before (an earlier version's, a server's) made for paper in the background, from
     * a while after now and after each change of the animals; the composition root starts it once.
     */
    startPaperPhotos({ afterMs }: { afterMs?: number } = {}): void {
      if (atIdle === undefined || afterChange !== undefined) return;
      afterChange = () => atIdle.soon(afterMs);
      afterChange();
      events.on('dataChanged', afterChange);
    },

    /** Stops the background's photos and the printer's Chromium, if one was started. */
    async closePaper(): Promise<void> {
      if (afterChange !== undefined) events.off('dataChanged', afterChange);
      await atIdle?.stop();
      await printer?.close();
      printer = undefined;
    },
  };
}
