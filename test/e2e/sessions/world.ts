// The randomized sessions' world: the model of what should be true, the real app and servers it is
// compared with, and how each session starts and ends.
import { rmSync } from 'node:fs';
import { type Browser, type Page } from '@playwright/test';
import fc from 'fast-check';
import type { EnvironmentName, RemoteEnvironment } from '../../../src/shared/contract';
import { startFaultProxy, type Fault, type FaultProxy } from '../../helpers/fault-proxy';
import { startService, TEST_API_KEY, type RunningService } from '../../helpers/http-service';
import { freePort } from '../../helpers/processes';
import { openHarnessApp, type HarnessApp } from '../harness';

export const REMOTES = ['production', 'staging'] as const;
export const ENVIRONMENTS: readonly EnvironmentName[] = ['local', ...REMOTES];
export const PREFIX: Record<EnvironmentName, string> = { local: 'L', production: 'P', staging: 'S' };
export type ServerMode =
  Extract<Fault, 'pass' | 'reset' | 'slow' | 'error-500' | 'unauthorized-401' | 'drop-after-commit'> | 'refuse';
export const MODES: readonly ServerMode[] = [
  'pass',
  'reset',
  'slow',
  'error-500',
  'unauthorized-401',
  'drop-after-commit',
  'refuse',
];
// Modes in which the server answers as a pet store with the key accepted (if the key is right).
const ANSWERING: ReadonlySet<ServerMode> = new Set(['pass', 'slow', 'refuse']);

export interface Model {
  chosen: EnvironmentName;
  /** Names added, in order (twice when a person added a look-alike anyway). */
  added: Record<EnvironmentName, string[]>;
  /** The category each name was typed with, for typing it again as a look-alike. */
  categoryOf: Record<string, string>;
  discarded: Set<string>;
  /** Discarded after a send went unanswered: the server may hold them (once at most). */
  mayBeOnServer: Set<string>;
  mode: Record<RemoteEnvironment, ServerMode>;
  key: Record<RemoteEnvironment, 'right' | 'wrong' | 'none'>;
  address: Record<RemoteEnvironment, 'server' | 'elsewhere'>;
  /** Whether the server could have answered as a pet store at any time so far: until then, never "Online". */
  couldAnswer: Record<RemoteEnvironment, boolean>;
  /** The row the person last moved onto (what a row key is meant for); null once they went elsewhere. */
  selection: { environment: EnvironmentName; key: string; name: string } | null;
  /** Animals ("environment:row key") a command meant to change: no other animal may change. */
  targeted: Set<string>;
  /** Typed animals main did not add, waiting under the form for the person to decide. */
  waiting: string[];
  /**
   * Server animals ("environment:pet:id") another counter changed there, once each, and how: a
   * change of the person's to other fields merges with it; only one of the same field may conflict.
   */
  elsewhere: Map<string, { field: 'category' | 'status'; value: string }>;
  next: number;
  /** Who is signed in at the counter, in a session whose shop has staff (two managers); null: one unnamed counter. */
  signedIn: string | null;
}

export interface Real {
  app: HarnessApp;
  page: Page;
  servers: Record<RemoteEnvironment, { service: RunningService; proxy: FaultProxy }>;
  deadAddress: string;
  /** Steps checked, and how many of each kind of command ran. */
  steps: { count: number; kinds: Map<string, number> };
  /** Every animal of every environment as main shows it ("environment:row key" to what it reads), after the last step. */
  seen: Map<string, string>;
  /** Per animal ("environment:pet:id"), the newest entry of its history already checked. */
  historyChecked: Map<string, number>;
}

export function mark(model: Model): void {
  for (const environment of REMOTES) {
    if (
      model.address[environment] === 'server' &&
      model.key[environment] === 'right' &&
      ANSWERING.has(model.mode[environment])
    ) {
      model.couldAnswer[environment] = true;
    }
  }
}

export type Command = fc.AsyncCommand<Model, Real>;
export const command = (
  name: string,
  run: (model: Model, real: Real) => Promise<void>,
  check: (model: Model) => boolean = () => true,
): Command => ({ check, run, toString: () => name });

/** The same command, counted under `kind` each time it runs. */
export const counted = (kind: string, { check, run, toString }: Command): Command => ({
  check,
  async run(model, real) {
    real.steps.kinds.set(kind, (real.steps.kinds.get(kind) ?? 0) + 1);
    await run(model, real);
  },
  toString,
});

/** The staff of a shop that has them: managers both, so that what a manager guards stays open to whoever is signed in. */
export const STAFF = [
  { name: 'Maria', role: 'manager', pin: '24681357' },
  { name: 'Tom', role: 'manager', pin: '97531864' },
] as const;

/** Animals each server has before a session starts (another counter's, so that others can change them). */
const SEEDED: Record<RemoteEnvironment, readonly string[]> = {
  production: ['P0a Other', 'P0b Other'],
  staging: ['S0a Other', 'S0b Other'],
};

/** Each server's first animal's number. */
const FIRST_SERVER_ID: Record<RemoteEnvironment, number> = { production: 4_000, staging: 71_000 };

export const initialModel = fc
  .record({
    production: fc.tuple(
      fc.constantFrom(...MODES),
      fc.constantFrom('right' as const, 'wrong' as const, 'none' as const),
    ),
    staging: fc.tuple(fc.constantFrom(...MODES), fc.constantFrom('right' as const, 'wrong' as const, 'none' as const)),
    staffed: fc.boolean(),
  })
  .map(({ production, staging, staffed }): Model => {
    const model: Model = {
      chosen: 'local',
      added: { local: [], production: [...SEEDED.production], staging: [...SEEDED.staging] },
      categoryOf: {},
      discarded: new Set(),
      mayBeOnServer: new Set(),
      mode: { production: production[0], staging: staging[0] },
      key: { production: production[1], staging: staging[1] },
      address: { production: 'server', staging: 'server' },
      couldAnswer: { production: false, staging: false },
      selection: null,
      targeted: new Set(),
      waiting: [],
      elsewhere: new Map(),
      next: 1,
      signedIn: staffed ? STAFF[0]!.name : null,
    };
    mark(model);
    return model;
  });

/** A fresh copy of the initial model for one run (its sets are not shared between runs). */
export const freshModel = (initial: Model): Model => ({
  ...structuredClone(initial),
  discarded: new Set(),
  mayBeOnServer: new Set(),
  targeted: new Set(),
  elsewhere: new Map(),
});

export async function startReal(browser: Browser, rendererUrl: string, initial: Model): Promise<Real> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const app = await openHarnessApp(page, rendererUrl);
  const servers = {} as Real['servers'];
  for (const environment of REMOTES) {
    const service = await startService();
    // A shop's server whose numbers have reached four digits: its animals' numbers alone scan.
    service.db
      .prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('pets', ?)")
      .run(FIRST_SERVER_ID[environment] - 1);
    for (const name of SEEDED[environment]) service.store.createPet({ name, categoryId: '1', status: 'available' });
    const proxy = await startFaultProxy(service.port, 600);
    proxy.setMode(initial.mode[environment] === 'refuse' ? 'pass' : initial.mode[environment]);
    proxy.rejectPostsWith(initial.mode[environment] === 'refuse' ? 'not at this shop' : null);
    servers[environment] = { service, proxy };
    await app.core.setBaseUrl(environment, proxy.baseUrl);
    if (initial.key[environment] !== 'none') {
      await app.core.setKey(environment, initial.key[environment] === 'right' ? TEST_API_KEY : 'wrong-key-123');
    }
  }
  await app.core.setPreferences({ confirmProductionAdds: true });
  if (initial.signedIn !== null) {
    await app.core.addStaff(STAFF[0]);
    await app.core.unlockManager(STAFF[0].pin, { task: 'manage-staff' });
    await app.core.addStaff(STAFF[1]);
    await app.core.signIn(STAFF[0]);
  }
  await page.reload();
  await page.locator('.env-strip').waitFor();
  return {
    app,
    page,
    servers,
    deadAddress: `http://127.0.0.1:${await freePort()}/v1`,
    steps: { count: 0, kinds: new Map() },
    seen: new Map(),
    historyChecked: new Map(),
  };
}

export async function stopReal(real: Real): Promise<void> {
  await real.page.context().close();
  await real.app.close();
  for (const { proxy, service } of Object.values(real.servers)) {
    await proxy.close();
    const file = service.dbFile;
    await service.close();
    rmSync(file, { force: true });
  }
}
