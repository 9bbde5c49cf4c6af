/**
 * Markup made only by the `html` template: every value put in it is escaped (a name, a breed, a
 * server's text can never become markup), unless it is Markup already: made by `html` itself, or
 * `ours`, which is only for the app's own constants (its style, the codes' SVG drawn from a label code).
 */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeText = (text: string): string => text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

type Value = Markup | string | number | false | null | undefined | readonly Value[];

const rendered = (value: Value): string => {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(rendered).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeText(String(value));
};

/** Markup from a template: the literal parts as written, every value escaped (attributes are always quoted). */
export function html(literals: TemplateStringsArray, ...values: Value[]): Markup {
  return new Markup(literals.reduce((made, literal, index) => made + rendered(values[index - 1]) + literal));
}

/** The app's own markup, taken as it is: never a text from a person or a server. */
export const ours = (text: string): Markup => new Markup(text);
