import { ReportedError } from '../app-error';
import type { ConfirmProductionWrite } from '../core/write-guard';
import type { CliIo } from './cli-args';

/** The command line's answer to main's production question: --yes, or a person's y at the terminal. */
export function productionYes(io: CliIo, yes: boolean): ConfirmProductionWrite {
  return async ({ message, detail }) => {
    if (yes) return true;
    const answer = await io.confirm(`${message}\n${detail}\n[y/N] `);
    if (answer !== null) return answer;
    throw new ReportedError({
      code: 'not_confirmed',
      message: `Not done: a write to production needs a yes, and there is no terminal to ask at. Run it at a terminal, or add --yes if you mean it ("${message}").`,
      status: 409,
    });
  };
}
