import {
  ageInWords,
  ANIMAL_FIELD_NAMES,
  ANIMAL_FIELDS,
  formatDate,
  formatMoney,
  localToday,
  type AnimalField,
} from '../../shared/contract';
import { environmentOption, EXIT, noMoreThan, opened, parse, UsageError, type Command } from './cli-args';
import { petsAsJson } from './output';
import { cellSafe } from './terminal-text';

/** A field's value in words: money in the environment's currency, a date as a person reads it (a birth date with the age). */
export function valueInWords(name: (typeof ANIMAL_FIELD_NAMES)[number], value: unknown, currency: string): string {
  const field: AnimalField = ANIMAL_FIELDS[name];
  if (typeof value === 'number' && field.kind === 'money') return formatMoney(value, currency);
  if (typeof value === 'string' && field.kind === 'date') {
    const shown = formatDate(value);
    return name === 'bornOn' && value <= localToday() ? `${shown} (${ageInWords(value, localToday())})` : shown;
  }
  return String(value);
}

/** `pets show <id> [--env E] [--json]`: the whole record, one field a line (the fields it has). */
export const showPet: Command = async (args, context) => {
  const { core, io } = opened(context);
  const { values, positionals } = parse(args, { env: { type: 'string' } });
  const environment = environmentOption(values, core);
  const petId = positionals[0];
  if (petId === undefined) throw new UsageError("pets show needs the animal's id");
  noMoreThan(positionals, 1, "pets show takes one animal's id");
  const pet = await core.getPet(environment, petId);
  if (values['json'] === true) {
    io.out(petsAsJson(pet));
    return EXIT.ok;
  }
  const currency = core.currency(environment);
  const lines = ANIMAL_FIELD_NAMES.filter((name) => pet[name] !== undefined).map((name) => {
    const label = ANIMAL_FIELDS[name].label;
    // Every line of a text of several lines under its label; nothing a server sent can forge a line.
    const text = valueInWords(name, pet[name], currency)
      .split('\n')
      .map(cellSafe)
      .join(`\n${' '.repeat(14)}`);
    return `${`${label}:`.padEnd(14)}${text}`;
  });
  // What it sold for, beside its list price: the sale recorded on this computer.
  const sale = core.standingSale(environment, pet.id);
  if (sale !== undefined) {
    const words = [
      sale.priceMinor === null ? 'no price' : formatMoney(sale.priceMinor, currency),
      ...(sale.soldBy === null ? [] : [`by ${sale.soldBy}`]),
      ...(sale.buyerName === null ? [] : [`to ${sale.buyerName}`]),
    ];
    const soldOn = lines.findIndex((line) => line.startsWith(`${ANIMAL_FIELDS.soldOn.label}:`));
    // A sale made here that the animal as shown does not have (its change refused, or on its way).
    const waiting =
      pet.status === 'sold'
        ? ''
        : ` (not on ${environment}: the animal shows ${pet.status ?? 'no status'}; see petstore outbox list --env ${environment})`;
    const label = pet.status === 'sold' ? 'Sold for:' : 'Sale here:';
    lines.splice(
      soldOn < 0 ? lines.length : soldOn + 1,
      0,
      `${label.padEnd(14)}${cellSafe(words.join(', '))}${waiting}`,
    );
  }
  io.out(lines.join('\n'));
  return EXIT.ok;
};
