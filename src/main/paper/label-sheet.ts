import type { LabelLayout } from '../../shared/contract';
import type { AnimalOnPaper } from './paper-animal';
import { animalCodes } from './paper-codes';
import { html, type Markup } from './paper-markup';
import { codeBox, paperPage } from './paper-page';

/**
 * A label: the QR code beside the name, a short text and the Code 128 barcode. Its lengths are in
 * em of the label's font size (a millimetre on the 62 mm tape, a little more on a sticker).
 */
const PAGE: Record<LabelLayout, string> = {
  '62mm': `@page { size: 62mm 29mm; margin: 0; }
.label { width: 62mm; height: 28.9mm; font-size: 1mm; }
body > .label:not(:last-child) { break-after: page; }`,
  // 24 stickers of 70 × 37 mm fill an A4 sheet edge to edge, as the common sheets are cut.
  'a4-3x8': `@page { size: A4; margin: 0; }
.sheet { width: 210mm; height: 296.9mm; display: grid; grid-template: repeat(8, 37mm) / repeat(3, 70mm); align-content: center; overflow: hidden; }
.sheet:not(:last-child) { break-after: page; }
.label { width: 70mm; height: 37mm; font-size: 1.1mm; align-items: center; }`,
};

const LABEL_STYLE = `
.label { display: flex; gap: 2.5em; padding: 2em 2.5em; overflow: hidden; }
.label .qr { width: 24em; height: 24em; flex: none; align-self: center; }
.label .text { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 0.6em; justify-content: center; }
.label .name { font-size: 3.8em; font-weight: 700; line-height: 1.15; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.label .short { font-size: 2.8em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.label .barcode { height: 8em; }
.label .code-text { font-size: 2.4em; text-align: center; }
`;

/** The short text under the name: what it is and its price, as far as the animal has them. */
const shortText = (animal: AnimalOnPaper) =>
  [animal.species ?? animal.breed, animal.price].filter((part) => part !== undefined).join(' · ');

function label(animal: AnimalOnPaper): Markup {
  const codes = animal.codes ?? animalCodes(animal.code);
  return html`<section class="label" data-animal="${animal.id}">
    ${codeBox(codes.qr, 'qr')}
    <div class="text">
      <p class="name" dir="auto">${animal.name}</p>
      <p class="short" dir="auto">${shortText(animal)}</p>
      ${codeBox(codes.barcode, 'barcode')}
      <p class="code-text">${animal.code}</p>
    </div>
  </section>`;
}

const SHEET_LABELS = 24;
/** Labels to a sheet (or a cut of the tape), by layout: a batch printed in parts is cut between sheets. */
export const LABELS_A_SHEET: Record<LabelLayout, number> = { '62mm': 1, 'a4-3x8': SHEET_LABELS };

/** The labels of `animals` as one document: one a page on the tape, 24 to an A4 sticker sheet. */
export function labelsPage(animals: readonly AnimalOnPaper[], layout: LabelLayout): string {
  const labels = animals.map(label);
  const sheets = Array.from({ length: Math.ceil(labels.length / SHEET_LABELS) }, (_, sheet) =>
    labels.slice(sheet * SHEET_LABELS, (sheet + 1) * SHEET_LABELS),
  );
  const body = layout === 'a4-3x8' ? sheets.map((sheet) => html`<div class="sheet">${sheet}</div>`) : labels;
  return paperPage(`Labels: ${animals.length}`, PAGE[layout] + LABEL_STYLE, html`${body}`);
}
