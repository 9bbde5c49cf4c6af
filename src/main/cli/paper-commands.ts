import { rename, rm, writeFile } from 'node:fs/promises';
import {
  CARD_LAYOUTS,
  LABEL_LAYOUTS,
  PAPER_LAYOUT_WORDS,
  PET_STATUSES,
  type CardLayout,
  type LabelLayout,
  type PaperAnimals,
  readPaperIds,
  type PaperRequest,
} from '../../shared/contract';
import { environmentOption, EXIT, opened, parse, UsageError, type Command, type CommandGroup } from './cli-args';
import { outOption } from './paper-out';

/** The command line's paper commands, for the help. */
export const PAPER_USAGE = `  pets card <id>... [--size a6|a5|a4-four] --out F.pdf [--env E]
                                             cage cards, one a page (a4-four: four A6 cards an A4 sheet);
                                             an id or a card's label code (PSD-12, as scanned)
  pets labels [<id>...] [--status S] [--search T] [--layout 62mm|a4-3x8] --out F.pdf [--env E]
                                             labels with the QR code and barcode: the animals named, else
                                             the view's (62 mm tape, or 3 × 8 stickers on A4)
  report stock --out F.pdf [--env E]         the animals in stock (not sold, not gone) as a list to print`;

/** A batch this long says how it gets on, on standard error. */
const PROGRESS_FROM = 50;

function choice<T extends string, O extends T | undefined>(
  option: string,
  given: unknown,
  choices: readonly T[],
  otherwise: O,
): T | O {
  if (given === undefined) return otherwise;
  if (choices.includes(given as T)) return given as T;
  throw new UsageError(`--${option} takes ${choices.join(', ')}, got ${String(given)}`);
}

/** A file written whole (a file beside it renamed over it) or not at all. */
export async function writeWhole(out: string, bytes: Uint8Array): Promise<void> {
  const writing = `${out}.${process.pid}.part`;
  try {
    await writeFile(writing, bytes);
    await rename(writing, out);
  } finally {
    await rm(writing, { force: true });
  }
}

/** The request printed by the core's one road, the PDF written whole (a file beside it renamed over F) or not at all. */
const printTo =
  (
    request: (values: Record<string, unknown>, positionals: string[]) => Omit<PaperRequest, 'environment'>,
    options: Parameters<typeof parse>[1],
  ): Command =>
  async (args, context) => {
    const { core, io } = opened(context);
    const { values, positionals } = parse(args, { env: { type: 'string' }, out: { type: 'string' }, ...options });
    const out = outOption(values['out']);
    const wanted = { ...request(values, positionals), environment: environmentOption(values, core) } as PaperRequest;
    const stop = core.on('paperProgress', ({ step, done, total }) => {
      if (total < PROGRESS_FROM) return;
      io.err(
        step === 'laying-out'
          ? `Laying out ${done} of ${total}…`
          : step === 'rendering'
            ? `Printing ${done} of ${total} to PDF…`
            : 'Done.',
      );
    });
    try {
      const { pdf, animals, leftOff } = await core.paperPdf(wanted);
      await writeWhole(out, pdf);
      const layout = 'layout' in wanted ? ` (${PAPER_LAYOUT_WORDS[wanted.layout]})` : '';
      io.out(`Wrote ${out}: ${animals} ${animals === 1 ? 'animal' : 'animals'}${layout}.`);
      if (leftOff > 0) io.err(`${leftOff} added here and not yet on the server have no id to print yet: left off.`);
      return EXIT.ok;
    } finally {
      stop();
    }
  };

/** The animals named by id or label code (PSD-12, as scanned from a card). */
function idsOf(positionals: string[]): string[] {
  const read = readPaperIds(positionals.join(' '));
  if ('notAnId' in read) throw new UsageError(`${read.notAnId} is not an animal's id or label code (12, PSD-12)`);
  return read.ids;
}

/** The animals named, else every animal of the view the options give. */
function animalsOf(values: Record<string, unknown>, positionals: string[]): PaperAnimals {
  if (positionals.length > 0) return { ids: idsOf(positionals) };
  return {
    view: {
      sort: 'name',
      ...(values['status'] === undefined
        ? {}
        : { status: choice('status', values['status'], PET_STATUSES, undefined) }),
      ...(values['search'] === undefined ? {} : { search: values['search'] as string }),
    },
  };
}

/** `pets card <id>...`: cage cards of the animals named. */
export const petsCard = printTo(
  (values, positionals) => {
    if (positionals.length === 0) throw new UsageError("pets card needs an animal's id (or several)");
    const layout: CardLayout = choice('size', values['size'], CARD_LAYOUTS, 'a6');
    return { kind: 'cards', animals: { ids: idsOf(positionals) }, layout };
  },
  { size: { type: 'string' } },
);

/** `pets labels [<id>...] [--status S] [--search T]`: labels of the animals named, else of the view. */
export const petsLabels = printTo(
  (values, positionals) => {
    const layout: LabelLayout = choice('layout', values['layout'], LABEL_LAYOUTS, '62mm');
    return { kind: 'labels', animals: animalsOf(values, positionals), layout };
  },
  { layout: { type: 'string' }, status: { type: 'string' }, search: { type: 'string' } },
);

/** `report stock`: the animals in stock as a list to print. */
export const reportCommands: CommandGroup = {
  stock: printTo((_values, positionals) => {
    if (positionals.length > 0)
      throw new UsageError(`report stock takes no ${positionals[0]}: it lists every animal in stock`);
    return { kind: 'stock' };
  }, {}),
};
