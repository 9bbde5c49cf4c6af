import { checkInWords, anyProblem, runDoctorChecks } from '../core/doctor-checks';
import { writeSupportBundle } from '../core/support-bundle';
import { errorCode } from '../support/bundle-data-files';
import { EXIT, parse, UsageError, type Command } from './cli-args';

/**
 * `doctor [--bundle F.zip]`: each data file, the keychain, and each server that has an address;
 * exit 1 when any has a problem. With --bundle, a support bundle too, written even then: a
 * problem is when one is wanted.
 */
export const doctor: Command = async (args, { core, io }) => {
  const { values, positionals } = parse(args, { bundle: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`doctor takes no ${positionals[0]}`);
  const bundle = values['bundle'] as string | undefined;
  if (bundle !== undefined && (bundle === '' || io.dataDir === undefined))
    throw new UsageError('doctor --bundle needs the file to write, such as --bundle support.zip');
  const { checks, coreOpened } = await runDoctorChecks(io.dataDir, core, (check) => io.out(checkInWords(check)));
  if (bundle !== undefined) {
    const sources = { dataDir: io.dataDir!, core: coreOpened ? core() : null, checks, now: Date.now() };
    try {
      await writeSupportBundle(bundle, sources);
    } catch (error) {
      io.err(
        `The support bundle could not be written to ${bundle} (${errorCode(error)}): name a file in a folder that exists and this account may write to.`,
      );
      return EXIT.usage;
    }
    io.out(`Support bundle written to ${bundle}: no key, PIN or name in it (see its README.txt).`);
  }
  return anyProblem(checks) ? EXIT.serviceError : EXIT.ok;
};
