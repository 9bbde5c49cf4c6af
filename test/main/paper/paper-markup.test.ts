// The markup every printed page is made of: any text put in it comes out as that text and never as
// markup (a property over random strings, fast-check), and what is typed or scanned to name animals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { html, ours } from '../../../src/main/paper/paper-markup';
import { readPaperIds } from '../../../src/shared/contract';

const unescaped = (text: string) =>
  text.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!,
  );

describe('paper markup', () => {
  it('puts any text in as that text: no markup character survives, and it reads back whole', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (text, attribute) => {
        const made = html`<p title="${attribute}">${text}</p>`.text;
        const inner = made.slice(made.indexOf('">') + 2, -'</p>'.length);
        const title = made.slice('<p title="'.length, made.indexOf('">'));
        expect(inner).not.toMatch(/[<>"']/);
        expect(title).not.toMatch(/[<>"']/);
        expect(unescaped(inner)).toBe(text);
        expect(unescaped(title)).toBe(attribute);
      }),
    );
  });

  it('takes markup it made, and the app’s own, as it is; lists joined; nothing for false, null and undefined', () => {
    const item = (name: string) => html`<li>${name}</li>`;
    const tight = (made: { text: string }) => made.text.replace(/\s*\n\s*/g, '');
    expect(
      tight(
        html`<ul>
          ${['<a>', 'b'].map(item)}
        </ul>`,
      ),
    ).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>');
    expect(
      tight(
        html`<style>
          ${ours('a > b { color: red }')}
        </style>`,
      ),
    ).toBe('<style>a > b { color: red }</style>');
    expect(html`${false}${null}${undefined}${0}`.text).toBe('0');
  });

  it('reads ids and label codes as a person types or scans them, and names the first that is neither', () => {
    expect(readPaperIds(' 12, PSD-15  psd-17;-3 ')).toEqual({ ids: ['12', '15', '17', '-3'] });
    expect(readPaperIds('')).toEqual({ ids: [] });
    expect(readPaperIds('12 rex 14')).toEqual({ notAnId: 'rex' });
    expect(readPaperIds('PSD-99999999999999999999')).toEqual({ notAnId: 'PSD-99999999999999999999' });
  });
});
