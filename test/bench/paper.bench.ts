// Printing a batch of 500 cage cards to PDF through the core's one road, as a shop has them: each
// animal with a photo of its own. The first printing of photos kept before any was made for paper
// (an earlier version's, or a server's), the first printing of photos set through the app (made
// for paper as they were set, read back from paper-photos/ as after a restart), the second
// printing, the command line in a process of its own, and one card alone for scale.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DATABASE_FILE_NAME } from '../../src/main/config/data-dir';
import { openPetstoreCore, type PetstoreCore } from '../../src/main/core/petstore-core';
import { openDatabase } from '../../src/main/database/database';
import { createPetPhotos } from '../../src/main/database/pet-photos';
import { PAPER_PHOTO_FOLDER_NAME, paperPhotoFolder } from '../../src/main/paper/paper-photo-folder';
import { asPaperJpeg } from '../../src/main/photos/paper-output';
import { preparePhoto, type PreparedPhoto } from '../../src/main/photos/prepare-photo';
import { createKeychain } from '../../src/main/secrets/keychain';
import type { CardLayout, PaperProgress } from '../../src/shared/contract';
import { createChromiumPrinter } from '../../src/main/paper/chromium-printer';
import { builtCommand, commandEnv, ROOT } from '../helpers/built-commands';
import { addAnimal } from '../main/paper/paper-animals';
import { photoLikeJpeg } from '../main/photos/photo-fixtures';
import { fmt, summarize } from './stats';

const BATCH = 500;
const ALONE_RUNS = 10;
/** Rounds of the same printing in parts and whole, alternated in this run. */
const WHOLE_OR_PARTS_ROUNDS = 3;
/** Scenes the photos are made from; each animal's photo is one of them with grain of its own. */
const SCENES = 10;
const PHOTO = { width: 2000, height: 1500 };

/**
 * A photo of its own for each animal, as the app keeps photos (WebP, 1600 px, about 250 KB): a
 * scene prepared by the app, then grain of the animal's own on every pixel, encoded quickly (the
 * bytes and the cost to decode them are a kept photo's; the app's slower encoder only saves a few
 * KB). With it, the JPEG the app makes for paper from those pixels as the photo is set.
 */
async function photosOfTheirOwn(count: number, onPhoto: (n: number, photo: PreparedPhoto) => Promise<void>) {
  const scenes = [];
  for (let n = 0; n < SCENES; n++) {
    const kept = await preparePhoto(await photoLikeJpeg(PHOTO.width, PHOTO.height));
    scenes.push({ kept, pixels: await sharp(kept.image).raw().toBuffer({ resolveWithObject: true }) });
  }
  for (let n = 0; n < count; n++) {
    const { kept, pixels } = scenes[n % SCENES]!;
    const grain = randomBytes(pixels.data.length);
    for (let i = 0; i < grain.length; i++) grain[i] = pixels.data[i]! ^ (grain[i]! & 7);
    const { width, height, channels } = pixels.info;
    const raw = () => sharp(grain, { raw: { width, height, channels: channels as 3 } });
    const image = await raw().webp({ quality: 80, effort: 0 }).toBuffer();
    const digest = createHash('sha256').update(image).digest('hex');
    await onPhoto(n, { ...kept, image, digest, paper: await asPaperJpeg(raw()) });
  }
  return scenes[0]!.kept;
}

interface Printed {
  ms: number;
  /** The longest wait between two progress events (main's, or the command's lines), from the start to the end. */
  longestSilence: number;
  pdfMb: number;
}

/** One printing of the animals, timed, with the longest wait between two of its progress events. */
async function printing(core: PetstoreCore, ids: string[], layout: CardLayout): Promise<Printed> {
  let last = performance.now();
  let longestSilence = 0;
  const silence = () => {
    longestSilence = Math.max(longestSilence, performance.now() - last);
    last = performance.now();
  };
  const stop = core.on('paperProgress', (_: PaperProgress) => silence());
  const started = performance.now();
  last = started;
  try {
    const { pdf } = await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids }, layout });
    silence();
    return { ms: performance.now() - started, longestSilence, pdfMb: pdf.length / 1024 / 1024 };
  } finally {
    stop();
  }
}

/** The same cards from the built `petstore` in a process of its own (as a shop's script prints them), timed whole. */
async function fromTheCommandLine(dataDir: string, ids: string[]): Promise<Printed> {
  const out = join(dataDir, 'cards.pdf');
  const started = performance.now();
  let last = started;
  let longestSilence = 0;
  const silence = () => {
    longestSilence = Math.max(longestSilence, performance.now() - last);
    last = performance.now();
  };
  const run = spawn(process.execPath, [builtCommand('petstore'), 'pets', 'card', ...ids, '--out', out], {
    cwd: ROOT,
    env: commandEnv({ PETSTORE_DATA_DIR: dataDir }),
  });
  let told = '';
  run.stderr.setEncoding('utf8').on('data', (text: string) => {
    told += text;
    silence();
  });
  const status = await new Promise<number | null>((resolve) => run.on('close', resolve));
  if (status !== 0) throw new Error(`petstore pets card exited ${status}: ${told.slice(-2000)}`);
  silence();
  return { ms: performance.now() - started, longestSilence, pdfMb: statSync(out).size / 1024 / 1024 };
}

/**
 * The same 500 cards (their photos made), printed in parts as the core does, and as one page as it
 * did before (the core's whole page, paperPage, printed at once by a Chromium of its own),
 * alternated: medians, and their ratio, under the same load.
 */
async function partsAgainstWhole(core: PetstoreCore, ids: string[]): Promise<string[]> {
  const whole = createChromiumPrinter();
  const request = { kind: 'cards', environment: 'local', animals: { ids }, layout: 'a6' } as const;
  try {
    await whole.pdf('<p>started</p>', { pageNumbers: false });
    const times = { parts: [] as number[], whole: [] as number[] };
    for (let round = 0; round < WHOLE_OR_PARTS_ROUNDS; round++) {
      times.parts.push((await printing(core, ids, 'a6')).ms);
      const started = performance.now();
      const page = await core.paperPage(request);
      await whole.pdf(page.html, { pageNumbers: false });
      times.whole.push(performance.now() - started);
    }
    const [parts, once] = [summarize(times.parts).median, summarize(times.whole).median];
    const each = (samples: number[]) => samples.map((ms) => fmt(ms / 1000)).join(', ');
    return [
      '',
      `The same 500 A6 cards (photos made), ${WHOLE_OR_PARTS_ROUNDS} rounds alternated: in parts of 50 joined, ${each(times.parts)} s (median ${fmt(parts / 1000)}); as one page printed whole (before), ${each(times.whole)} s (median ${fmt(once / 1000)}); parts ÷ whole ${fmt(parts / once, 2)}.`,
    ];
  } finally {
    await whole.close();
  }
}

export async function benchPaper(dir: string): Promise<string[]> {
  const dataDir = mkdtempSync(join(dir, 'paper-'));
  const core = openPetstoreCore({ dataDir, env: {}, keychain: createKeychain(`Petstore Desk bench ${randomUUID()}`) });
  try {
    const keptBefore = Array.from({ length: BATCH }, (_, n) => addAnimal(core, { name: `Kept ${n + 1}` }).id);
    const setHere = Array.from({ length: BATCH }, (_, n) => addAnimal(core, { name: `Set ${n + 1}` }).id);
    // Written by a second connection, as a shop's photos set over the months before it prints: the
    // first 500 as an earlier version (or a server) left them, none made for paper; the others as
    // this one sets them, each photo's JPEG for paper kept in paper-photos/ as it is set.
    const db = openDatabase(join(dataDir, DATABASE_FILE_NAME));
    const photos = createPetPhotos(db);
    const folder = paperPhotoFolder(join(dataDir, PAPER_PHOTO_FOLDER_NAME));
    const photo = await photosOfTheirOwn(2 * BATCH, async (n, prepared) => {
      photos.setPhoto(n < BATCH ? keptBefore[n]! : setHere[n - BATCH]!, prepared, '*');
      if (n >= BATCH) await folder.keep(prepared.digest, prepared.paper);
    });
    db.close();
    // The Chromium started, on an animal of the batch's neighbours: nothing of the batch made yet.
    const other = addAnimal(core, { name: 'Warming up' }).id;
    await core.paperPdf({ kind: 'cards', environment: 'local', animals: { ids: [other] }, layout: 'a6' });

    const lines = [
      `${BATCH} animals, each with a photo of its own (${photo.width} × ${photo.height} WebP of about 250 KB, as the app keeps them); the headless Chromium started before timing.`,
      '',
      '| Printing | Time (s) | Per card (ms) | Longest wait between progress events (s) | PDF (MB) |',
      '|---|---:|---:|---:|---:|',
    ];
    const row = (what: string, { ms, longestSilence, pdfMb }: Printed) =>
      lines.push(
        `| ${what} | ${fmt(ms / 1000)} | ${fmt(ms / BATCH)} | ${fmt(longestSilence / 1000)} | ${fmt(pdfMb)} |`,
      );
    row(
      '500 A6 cards, first printing, photos kept before (none made for paper)',
      await printing(core, keptBefore, 'a6'),
    );
    row('500 A6 cards, first printing, photos set through the app', await printing(core, setHere, 'a6'));
    row('500 A6 cards, second printing', await printing(core, keptBefore, 'a6'));
    row('500 cards four to an A4 sheet, after the A6 ones', await printing(core, keptBefore, 'a4-four'));
    row(
      '500 A6 cards, `petstore pets card` in a new process, after those',
      await fromTheCommandLine(dataDir, keptBefore),
    );
    lines.push(...(await partsAgainstWhole(core, keptBefore)));
    const alone: number[] = [];
    for (let run = 0; run < ALONE_RUNS; run++) alone.push((await printing(core, [keptBefore[run]!], 'a6')).ms);
    lines.push(
      '',
      `One A6 card alone, second printing: median ${fmt(summarize(alone).median, 0)} ms of ${ALONE_RUNS}.`,
    );
    return lines;
  } finally {
    await core.close();
  }
}
