import type { CardLayout } from '../../shared/contract';
import type { AnimalOnPaper, CardFieldShown } from './paper-animal';
import { animalCodes } from './paper-codes';
import { html, type Markup } from './paper-markup';
import { codeBox, paperPage } from './paper-page';

/**
 * The cage card: one layout for every size. Its lengths are in em of the card's font size, which is
 * one millimetre on an A6 card and √2 mm on an A5 one, so an A5 card is the A6 card scaled.
 */
const PAGE: Record<CardLayout, string> = {
  a6: '@page { size: 105mm 148mm; margin: 0; } .card { width: 105mm; height: 147.9mm; font-size: 1mm; }',
  a5: '@page { size: A5; margin: 0; } .card { width: 148mm; height: 209.9mm; font-size: 1.4142mm; }',
  'a4-four': `@page { size: A4; margin: 0; }
.sheet { width: 210mm; height: 296.9mm; display: grid; grid-template: repeat(2, 148.45mm) / repeat(2, 105mm); overflow: hidden; }
.sheet:not(:last-child) { break-after: page; }
.card { width: 105mm; height: 148.45mm; font-size: 1mm; outline: 0.2mm dashed #bbb; outline-offset: -0.1mm; }`,
};

const CARD_STYLE = `
.card { display: flex; flex-direction: column; gap: 3em; padding: 6em; overflow: hidden; }
body > .card:not(:last-child) { break-after: page; }
.name { font-size: 8em; font-weight: 700; line-height: 1.15; overflow-wrap: anywhere;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.photo { flex: 1 1 0; min-height: 0; display: flex; justify-content: center; background: #f2f2f2; border-radius: 2em; }
.photo img { max-width: 100%; max-height: 100%; object-fit: contain; }
.facts { display: grid; grid-template-columns: auto 1fr; column-gap: 3em; row-gap: 0.8em; align-content: start; }
.facts dt { font-size: 3.4em; color: #444; }
.facts dd { font-size: 4.2em; overflow-wrap: anywhere; }
.price { font-size: 9em; font-weight: 700; text-align: right; }
.no-photo .facts { flex: 1 1 0; }
.codes { display: flex; gap: 4em; align-items: flex-end; }
.qr { width: 28em; height: 28em; flex: none; }
.bar { flex: 1; display: flex; flex-direction: column; gap: 1em; min-width: 0; }
.barcode { height: 14em; }
.bar .code-text { font-size: 4em; text-align: center; }
`;

const FACTS = [
  ['species', 'Species'],
  ['breed', 'Breed'],
  ['sex', 'Sex'],
  ['age', 'Age'],
  ['status', 'Status'],
] as const;

function card(animal: AnimalOnPaper, shows: CardFieldShown): Markup {
  const facts = FACTS.filter(([field]) => shows(field) && animal[field] !== undefined);
  const photo = shows('photo') ? animal.photo : undefined;
  const codes = shows('codes') ? (animal.codes ?? animalCodes(animal.code)) : undefined;
  return html`<section class="${photo === undefined ? 'card no-photo' : 'card'}" data-animal="${animal.id}">
    <h1 class="name" dir="auto">${animal.name}</h1>
    ${photo !== undefined && html`<div class="photo"><img src="${photo}" alt="" /></div>`}
    <dl class="facts">
      ${facts.map(
        ([field, label]) =>
          html`<dt>${label}</dt>
            <dd dir="auto">${animal[field]}</dd>`,
      )}
    </dl>
    ${shows('price') && animal.price !== undefined && html`<p class="price">${animal.price}</p>`}
    ${
      codes !== undefined &&
      html`<div class="codes">
        ${codeBox(codes.qr, 'qr')}
        <div class="bar">
          ${codeBox(codes.barcode, 'barcode')}
          <p class="code-text">${animal.code}</p>
        </div>
      </div>`
    }
  </section>`;
}

/** Cards to a sheet of paper, by layout: a batch printed in parts is cut between sheets. */
export const CARDS_A_SHEET: Record<CardLayout, number> = { a6: 1, a5: 1, 'a4-four': 4 };

const inFours = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / 4) }, (_, sheet) => items.slice(sheet * 4, sheet * 4 + 4));

/** The cards of `animals` as one document: one card a page, or four to an A4 sheet. */
export function cardsPage(animals: readonly AnimalOnPaper[], layout: CardLayout, shows: CardFieldShown): string {
  const cards = animals.map((animal) => card(animal, shows));
  const body = layout === 'a4-four' ? inFours(cards).map((sheet) => html`<div class="sheet">${sheet}</div>`) : cards;
  const title = animals.length === 1 ? `Cage card: ${animals[0]!.name}` : `Cage cards: ${animals.length}`;
  return paperPage(title, PAGE[layout] + CARD_STYLE, html`${body}`);
}
