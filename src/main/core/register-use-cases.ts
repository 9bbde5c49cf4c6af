import {
  ApiError,
  dateProblem,
  localToday,
  type EnvironmentName,
  type ExportOutcome,
  type FieldProblem,
} from '../../shared/contract';
import { registerCsv, type Period, type RegisterAnimal } from '../csv/register-csv';
import type { CoreParts } from './core-parts';

const PAGE = 500;
// The register may be asked for a period that runs on past today (the month's, on its first day).
const NO_LATER_THAN = '9999-12-31';

/** The period as given, checked: two days, the first not after the last. */
export function checkPeriod(from: unknown, to: unknown): Period {
  const problems: FieldProblem[] = [];
  for (const [field, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const problem =
      typeof day === 'string'
        ? dateProblem(day, { precisions: ['day'], today: localToday(), latest: NO_LATER_THAN })
        : 'is required: a day such as 2026-01-01';
    if (problem !== null) problems.push({ field, message: problem });
  }
  if (problems.length > 0) throw ApiError.fromFields('invalid_parameter', problems);
  if ((from as string) > (to as string))
    throw ApiError.fromFields('invalid_parameter', [
      { field: 'from', message: `must not be after to (${String(to)}): the period runs from one day to a later one` },
    ]);
  return { from: from as string, to: to as string };
}

/** The register of an environment's animals for a period (see csv/register-csv.ts), and its currency. */
export function createRegisterUseCases({ inventory, settings, saveFile }: CoreParts) {
  /**
   * Every animal the environment shows, oldest first: for a server, its animals as last seen and
   * those added here that it does not have yet (waiting, held or refused: the shop holds them all
   * the same, and a register leaves out nothing it cannot rule out).
   */
  function everyAnimal(environment: EnvironmentName): RegisterAnimal[] {
    const animals: RegisterAnimal[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const window = inventory(environment).animals({ sort: 'oldest', offset, limit: PAGE });
      for (const row of window.rows) animals.push(row.kind === 'pet' ? row.pet : row.entry);
      if (window.rows.length < PAGE || offset + PAGE >= window.total) return animals;
    }
  }

  function register(environment: EnvironmentName, from: unknown, to: unknown) {
    return registerCsv(everyAnimal(environment), checkPeriod(from, to), settings.currency(environment), localToday());
  }

  return {
    /** The ISO 4217 currency the environment's prices are in. */
    currency: (environment: EnvironmentName): string => settings.currency(environment),

    register,

    /** The register written to a file a person chooses (main's dialog). */
    async exportRegisterToFile(environment: EnvironmentName, from: string, to: string): Promise<ExportOutcome> {
      const { csv, rows } = register(environment, from, to);
      const path = await saveFile(`register-${environment}-${from}-to-${to}.csv`, csv);
      return { rows, path };
    },
  };
}
