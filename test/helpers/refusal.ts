import { toAppError } from '../../src/main/app-error';
import type { AppError } from '../../src/shared/contract';

/** The Error shape a call is refused with (sync or async); a call that succeeds fails the test. */
export async function refusal(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('expected a refusal');
}
