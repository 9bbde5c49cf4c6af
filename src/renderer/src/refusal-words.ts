// A server's reason for refusing an animal or a change, phrased for the person at the counter.
// The text is the server's, so untrusted: control characters out, spaces collapsed, bounded.
import { ANIMAL_FIELDS, PERSON_FIELD_NAMES, type FieldProblem } from '../../shared/contract';

/** What a row shows at a glance; the whole reason is its title (on hover) and in the fix dialog. */
export const SHORT_REASON_CHARS = 140;
const FULL_REASON_CHARS = 1_000;

// A Map, so that a field named `constructor` finds nothing here but what is listed.
const FIELD_LABELS = new Map<string, string>([
  ...PERSON_FIELD_NAMES.map((name): [string, string] => [name, ANIMAL_FIELDS[name].label]),
  ['body', 'The animal'],
]);

// C0/C1 controls and the bidirectional overrides a server could send to reorder the sentence around it.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function clean(text: string, max: number): string {
  const plain = text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`;
}

/** "bad dog is not allowed" → "Bad dog is not allowed." */
function sentence(text: string): string {
  if (text === '') return text;
  const capital = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** A field's problem: "Name: Bad Dog is not allowed at this shop." (the field's own name left out of its message). */
function fieldInWords({ field, message }: FieldProblem): string {
  const label = FIELD_LABELS.get(field) ?? clean(field, 40);
  const own = message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
  return `${label}: ${sentence(clean(own, FULL_REASON_CHARS))}`;
}

/** The server's reason, whole (`full`) and at a glance (`short`): each field's problem by its label, else its message. */
export function refusalInWords(
  message: string | null,
  fields: readonly FieldProblem[] | undefined,
): { short: string; full: string } {
  const said =
    fields !== undefined && fields.length > 0
      ? fields.map(fieldInWords).join(' ')
      : sentence(clean(message ?? '', FULL_REASON_CHARS));
  const full = said === '' ? 'The server refused it without saying why.' : clean(said, FULL_REASON_CHARS);
  return { short: clean(full, SHORT_REASON_CHARS), full };
}
