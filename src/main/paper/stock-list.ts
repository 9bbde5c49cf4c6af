import { formatDate, type EnvironmentName } from '../../shared/contract';
import type { AnimalOnPaper } from './paper-animal';
import { html } from './paper-markup';
import { paperPage } from './paper-page';

const STOCK_STYLE = `
@page { size: A4; margin: 14mm 12mm 16mm; }
h1 { font-size: 16pt; margin-bottom: 2mm; }
.summary { font-size: 10pt; color: #333; margin-bottom: 5mm; }
table { width: 100%; border-collapse: collapse; font-size: 9pt; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th { text-align: start; border-bottom: 0.4mm solid #000; padding: 1.2mm 1.5mm; }
td { border-bottom: 0.2mm solid #ccc; padding: 1.2mm 1.5mm; overflow-wrap: normal; word-break: normal; }
td.price, th.price { text-align: end; }
td.code-text, td.sex, td.age, td.status, td.price { white-space: nowrap; }
`;

/** The columns of free text: they wrap at spaces, and what is too long for them is shortened. */
const FREE_TEXT = new Set(['name', 'species', 'breed']);
const LONGEST_WORD = 24;
const LONGEST_TEXT = 80;

/** Text shortened with an ellipsis: each word to LONGEST_WORD characters, the whole to LONGEST_TEXT (never mid-character). */
function shortened(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const cut = (chars: string[], most: number) =>
    chars.length > most ? `${chars.slice(0, most - 1).join('')}…` : chars.join('');
  const words = text.split(' ').map((word) => cut([...word], LONGEST_WORD));
  return cut([...words.join(' ')], LONGEST_TEXT);
}

const COLUMNS = [
  ['code', 'Code'],
  ['name', 'Name'],
  ['species', 'Species'],
  ['breed', 'Breed'],
  ['sex', 'Sex'],
  ['age', 'Age'],
  ['status', 'Status'],
  ['price', 'Price'],
] as const;

/**
 * The stock as a list to print: every animal in the shop, its code and words, one row each. No
 * word is broken: the short columns stay on one line, the free text wraps at spaces.
 */
export function stockPage(
  animals: readonly AnimalOnPaper[],
  { environment, today }: { environment: EnvironmentName; today: string },
): string {
  const rows = animals.map(
    (animal) =>
      html`<tr data-animal="${animal.id}">
        ${COLUMNS.map(
          ([column]) =>
            html`<td class="${column === 'code' ? 'code-text' : column}" dir="auto">
              ${FREE_TEXT.has(column) ? shortened(animal[column]) : animal[column]}
            </td>`,
        )}
      </tr>`,
  );
  const body = html`<h1>Stock in ${environment}</h1>
    <p class="summary">
      ${animals.length} ${animals.length === 1 ? 'animal' : 'animals'} on ${formatDate(today, 'en-GB')}
    </p>
    <table>
      <thead>
        <tr>
          ${COLUMNS.map(([column, label]) => html`<th class="${column}">${label}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>`;
  return paperPage(`Stock in ${environment}`, STOCK_STYLE, body);
}
