import { REMOTE_ENVIRONMENTS } from '../../shared/contract';
import { checkDataFiles } from '../core/data-files';
import { EXIT, type Command } from './cli-args';

/** `doctor`: each data file, the keychain, and each server that has an address; exit 1 when any has a problem. */
export const doctor: Command = async (_args, { core: openCore, io }) => {
  let problems = 0;
  const line = (ok: boolean, text: string) => {
    if (!ok) problems++;
    io.out(`${ok ? 'ok     ' : 'PROBLEM'} ${text}`);
  };
  // Each file first, read only: a damaged one is named here, before opening the app would stop on it.
  const files = io.dataDir === undefined ? [] : checkDataFiles(io.dataDir);
  for (const { file, problem } of files) line(problem === null, problem ?? `${file} is sound`);
  if (files.some(({ problem }) => problem !== null)) return EXIT.serviceError;
  const core = openCore();
  const health = await core.healthCheck();
  line(health.keychain === null, health.keychain ?? 'OS keychain reachable');
  line(true, `active environment: ${core.activeEnvironment().environment}`);
  for (const environment of REMOTE_ENVIRONMENTS) {
    const { baseUrl, baseUrlProblem } = await core.environmentSettings(environment).catch(() => ({
      baseUrl: core.serverStatus(environment).address,
      baseUrlProblem: null,
    }));
    if (baseUrl === null) {
      io.out(
        `-       ${environment}: not configured${baseUrlProblem ? ` (${baseUrlProblem})` : ''}; set it with env set-url ${environment} <url> if the shop uses it`,
      );
      continue;
    }
    const verdict = await core.testConnection(environment);
    line(verdict.connection === 'online', `${environment}: ${verdict.message}`);
  }
  return problems === 0 ? EXIT.ok : EXIT.serviceError;
};
