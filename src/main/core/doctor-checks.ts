import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_ENVIRONMENTS, type RemoteEnvironment, type ServerStatus } from '../../shared/contract';
import type { ActiveEnvironmentView, ConnectionVerdictView, EnvironmentSettingsView } from '../../shared/ipc/views';
import { BASE_URL_PRESETS } from '../config/settings';
import { replicaFileName } from '../sync/replica-file';
import { checkDataFiles } from './data-files';
import { restoreAdvice } from './restore-advice';

/** One of doctor's findings: sound, a problem a person must look at, or a note (a server not configured). */
export interface DoctorCheck {
  verdict: 'ok' | 'problem' | 'note';
  text: string;
}

/** What doctor asks of an open core (its use cases of these names). */
export interface DoctorCore {
  healthCheck(): Promise<{ keychain: string | null }>;
  activeEnvironment(): ActiveEnvironmentView;
  environmentSettings(environment: RemoteEnvironment): Promise<EnvironmentSettingsView>;
  serverStatus(environment: RemoteEnvironment): ServerStatus;
  testConnection(environment: RemoteEnvironment): Promise<ConnectionVerdictView>;
}

export interface DoctorOutcome {
  checks: DoctorCheck[];
  /** Whether the core was opened: not when a data file has a problem, which opening would stop on. */
  coreOpened: boolean;
}

const VERDICT_WORDS: Record<DoctorCheck['verdict'], string> = { ok: 'ok     ', problem: 'PROBLEM', note: '-      ' };

/** A check as doctor prints it, one line. */
export const checkInWords = ({ verdict, text }: DoctorCheck): string => `${VERDICT_WORDS[verdict]} ${text}`;

/**
 * Doctor's checks, in order: each data file (read only), then, when all are sound, the keychain,
 * the active environment and each server that has an address and a replica here (doctor reads,
 * never creates: asking the core about a server would open, so make, its replica file). `told` hears each as it is made,
 * so that a slow server does not hold back what is already known. The command line and the
 * support bundle both run these, and nothing else.
 */
export async function runDoctorChecks(
  dataDir: string | undefined,
  openCore: () => DoctorCore,
  told: (check: DoctorCheck) => void = () => {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<DoctorOutcome> {
  const checks: DoctorCheck[] = [];
  const check = (verdict: DoctorCheck['verdict'], text: string) => {
    const made = { verdict, text };
    checks.push(made);
    told(made);
  };
  // Each file first, read only: a damaged one is named here, before opening the app would stop on it.
  const files = dataDir === undefined ? [] : checkDataFiles(dataDir);
  for (const { file, environment, problem, fromNewerVersion } of files) {
    check(problem === null ? 'ok' : 'problem', problem ?? `${file} is sound`);
    if (problem !== null && !fromNewerVersion && dataDir !== undefined)
      check('note', restoreAdvice(dataDir, environment));
  }
  if (files.some(({ problem }) => problem !== null)) return { checks, coreOpened: false };
  const core = openCore();
  const health = await core.healthCheck();
  // The keychain holds the servers' keys alone: a shop on the local store only does without one.
  const serversHere =
    dataDir === undefined ||
    REMOTE_ENVIRONMENTS.some(
      (environment) => existsSync(join(dataDir, replicaFileName(environment))) || !!env[BASE_URL_PRESETS[environment]],
    );
  if (health.keychain === null) check('ok', 'OS keychain reachable');
  else if (serversHere) check('problem', health.keychain);
  else
    check(
      'note',
      `OS keychain not reachable, and only a server's key is kept there: no server is set up on this computer. Before setting one up: ${health.keychain}`,
    );
  check('ok', `active environment: ${core.activeEnvironment().environment}`);
  for (const environment of REMOTE_ENVIRONMENTS) {
    if (dataDir !== undefined && !existsSync(join(dataDir, replicaFileName(environment)))) {
      check(
        'note',
        `${environment}: not configured, or not used on this computer yet (nothing of it is kept here); set it with env set-url ${environment} <url> if the shop uses it`,
      );
      continue;
    }
    const { baseUrl, baseUrlProblem } = await core.environmentSettings(environment).catch(() => ({
      baseUrl: core.serverStatus(environment).address,
      baseUrlProblem: null,
    }));
    if (baseUrl === null) {
      check(
        'note',
        `${environment}: not configured${baseUrlProblem ? ` (${baseUrlProblem})` : ''}; set it with env set-url ${environment} <url> if the shop uses it`,
      );
      continue;
    }
    const verdict = await core.testConnection(environment);
    check(verdict.connection === 'online' ? 'ok' : 'problem', `${environment}: ${verdict.message}`);
  }
  return { checks, coreOpened: true };
}

export const anyProblem = (checks: DoctorCheck[]): boolean => checks.some(({ verdict }) => verdict === 'problem');
