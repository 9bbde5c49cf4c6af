// Randomized sessions through the harness: a model of what the window should show, random
// sequences of what a person and the world do (switch, filter, add by keyboard at random speeds,
// look-alikes, the search, the list's keys on the row moved to, other counters' adds shifting the
// rows, other counters' changes of a server's animals, sync now, keys and addresses changed in
// Settings, held and refused entries resent or discarded, undo at random moments (before, during or
// after the send of what it takes back), signing in and out at a shop with staff (each change named
// after whoever was signed in), a scanner's label code or number over the list or in the search, servers up, down, slow, failing,
// refusing or losing answers, main answering slowly), and after every step the invariants
// (test/e2e/sessions/invariants.ts): among them, no animal changed but those a command meant to
// change, every animal typed was added or is in sight, waiting for the person, and a conflict
// only where another counter changed the same field (a change of other fields merges). A failure
// prints its seed and the shrunk list of commands.
//
// Bounded in `npm test` (PETSTORE_SESSION_RUNS, default 15); `npm run test:sessions -- <minutes>`
// runs as many sessions as fit in that time and prints how many steps it made.
import fc from 'fast-check';
import type { EnvironmentName } from '../../src/shared/contract';
import { serveRenderer } from '../helpers/renderer-page';
import { test } from './harness';
import { animalsNow, expectNothingLostOrDuplicated } from './sessions/invariants';
import { add, addLookAlike, moveInTheList, othersAdd, rowKey, search } from './sessions/typing-commands';
import {
  discard,
  filter,
  fixRefused,
  mainSpeed,
  othersChange,
  resendHeld,
  serverMode,
  setAddress,
  setKey,
  switchTo,
  syncNow,
} from './sessions/world-commands';
import { scanAnimal } from './sessions/scan-commands';
import { signIn } from './sessions/staff-commands';
import { discardThenUndo, statusThenUndo, undo } from './sessions/undo-commands';
import { counted, freshModel, initialModel, MODES, REMOTES, startReal, stopReal, type Command } from './sessions/world';

const RUNS = Number(process.env['PETSTORE_SESSION_RUNS'] ?? 15);
const MINUTES = Number(process.env['PETSTORE_SESSION_MINUTES'] ?? 0);
const SEED = Number(process.env['PETSTORE_SESSION_SEED'] ?? Date.now() % 2 ** 31);
// A failing session replayed as it ran: fast-check's `path` from the report, and the commands'
// `replayPath` printed after the shrunk list (`/*replayPath="..."*/`).
const REPLAY_PATH = process.env['PETSTORE_SESSION_PATH'];
const REPLAY_COMMANDS = process.env['PETSTORE_SESSION_COMMANDS'];
// The whole property, shrinking included, ends in time for the test to report what it found.
const BUDGET_MS = (MINUTES || 10) * 60_000;
const MAX_COMMANDS = 40;

const remote = fc.constantFrom(...REMOTES);
const speed = fc.constantFrom(0, 0, 5, 15, 40);
const LIST_KEYS = ['ArrowDown', 'ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown'] as const;
const rowKeys = fc.constantFrom('a' as const, 'p' as const, 's' as const, 'e' as const);
const statusKeys = fc.constantFrom('a' as const, 'p' as const, 's' as const);
const undoHow = fc.constantFrom('ctrl+z' as const, 'toast' as const);
const undoWhen = fc.constantFrom('at once' as const, 'during the send' as const, 'after the send' as const);
// Kinds of command left out of a run (PETSTORE_SESSION_LEAVE_OUT=find,add): to look past a known failure.
const LEAVE_OUT = new Set((process.env['PETSTORE_SESSION_LEAVE_OUT'] ?? '').split(',').filter(Boolean));
const kinds: Record<string, fc.Arbitrary<Command>> = {
  switch: fc.constantFrom<EnvironmentName>('local', 'production', 'staging').map(switchTo),
  filter: fc.constantFrom('All', 'Available', 'Pending', 'Sold' as const).map(filter),
  add: fc
    .tuple(
      speed,
      fc.array(
        fc.record({
          statusKey: fc.constantFrom('' as const, 'a' as const, 'p' as const, 's' as const),
          words: fc.constantFrom('Rex', 'Fish wall 12', 'Ünïcødé Owl', 'רקס', '🐢 Tortoise', 'Key 7'),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([delay, animals]) => add(delay, animals)),
  'look-alike': fc
    .tuple(speed, fc.nat(), fc.constantFrom('add anyway' as const, 'don’t add' as const, 'decide later' as const))
    .map(([delay, pick, decision]) => addLookAlike(delay, pick, decision)),
  find: fc.tuple(speed, fc.constantFrom('sam', 'Rex', 'ow', 'key 7', 'L1')).map(([delay, text]) => search(delay, text)),
  move: fc
    .tuple(
      fc.nat({ max: 20 }),
      fc.array(fc.constantFrom(...LIST_KEYS), { maxLength: 4 }),
      fc.array(rowKeys, { maxLength: 2 }),
    )
    .map(([position, moves, then]) => moveInTheList(position, moves, then)),
  'row key': rowKeys.map(rowKey),
  others: fc
    .tuple(fc.integer({ min: 1, max: 3 }), fc.option(rowKeys, { nil: null }))
    .map(([count, then]) => othersAdd(count, then)),
  // Another counter's change of a server's animal, mostly with a status pressed on it at once: the
  // change that meets theirs (of another field, it merges; of the status, it may conflict).
  'others recategorize': fc
    .tuple(fc.nat(), fc.option(statusKeys, { nil: null, freq: 4 }))
    .map(([pick, then]) => othersChange('category', pick, then)),
  'others change status': fc
    .tuple(fc.nat(), fc.option(statusKeys, { nil: null, freq: 4 }))
    .map(([pick, then]) => othersChange('status', pick, then)),
  sync: fc.constant(syncNow),
  'server mode': fc
    .tuple(remote, fc.constantFrom(...MODES))
    .map(([environment, mode]) => serverMode(environment, mode)),
  'main speed': fc.constantFrom(0, 40, 150).map(mainSpeed),
  key: fc
    .tuple(remote, fc.constantFrom('right' as const, 'wrong' as const, 'none' as const))
    .map(([environment, key]) => setKey(environment, key)),
  address: fc
    .tuple(remote, fc.constantFrom('server' as const, 'elsewhere' as const))
    .map(([environment, where]) => setAddress(environment, where)),
  'resend held': fc.constant(resendHeld),
  'fix refused': fc.constant(fixRefused),
  discard: fc.constant(discard),
  undo: undoHow.map(undo),
  'status, then undo': fc
    .tuple(fc.nat({ max: 20 }), statusKeys, undoWhen, undoHow)
    .map(([position, key, when, how]) => statusThenUndo(position, key, when, how)),
  'discard, then undo': fc.tuple(undoWhen, undoHow).map(([when, how]) => discardThenUndo(when, how)),
  'sign in': fc.tuple(fc.nat(), fc.boolean()).map(([person, signOutFirst]) => signIn(person, signOutFirst)),
  scan: fc
    .tuple(fc.nat(), fc.constantFrom(5 as const, 15 as const, 30 as const), fc.boolean(), fc.boolean())
    .map(([pick, gap, prefixed, inSearch]) => scanAnimal(pick, gap, prefixed, inSearch)),
};
for (const kind of LEAVE_OUT) if (!(kind in kinds)) throw new Error(`PETSTORE_SESSION_LEAVE_OUT: no kind "${kind}"`);
const commands = Object.entries(kinds)
  .filter(([kind]) => !LEAVE_OUT.has(kind))
  .map(([kind, arbitrary]) => arbitrary.map((one) => counted(kind, one)));

test('randomized sessions: the window stays right, does what the person meant, and loses or doubles nothing typed', async ({
  browser,
}) => {
  test.setTimeout(BUDGET_MS + 5 * 60_000);
  const { server, url } = await serveRenderer();
  let sessions = 0;
  let steps = 0;
  const ran = new Map<string, number>();
  console.log(
    `model-based sessions: seed ${SEED}${MINUTES ? `, for ${MINUTES} min` : `, ${RUNS} sessions`} (PETSTORE_SESSION_SEED=${SEED} repeats them)${LEAVE_OUT.size ? `, without ${[...LEAVE_OUT].join(', ')}` : ''}`,
  );
  try {
    await fc.assert(
      fc.asyncProperty(
        initialModel,
        fc.commands(commands, {
          maxCommands: MAX_COMMANDS,
          size: 'max',
          ...(REPLAY_COMMANDS ? { replayPath: REPLAY_COMMANDS } : {}),
        }),
        async (initial, cmds) => {
          const real = await startReal(browser, url, initial);
          try {
            const model = freshModel(initial);
            real.seen = animalsNow(real.app.core);
            await fc.asyncModelRun(() => ({ model, real }), cmds);
            await expectNothingLostOrDuplicated(model, real);
          } finally {
            sessions++;
            steps += real.steps.count;
            for (const [kind, n] of real.steps.kinds) ran.set(kind, (ran.get(kind) ?? 0) + n);
            await stopReal(real);
          }
        },
      ),
      {
        seed: SEED,
        numRuns: MINUTES ? 1_000_000 : RUNS,
        interruptAfterTimeLimit: BUDGET_MS,
        markInterruptAsFailure: false,
        ...(REPLAY_PATH ? { path: REPLAY_PATH, endOnFailure: true } : {}),
        verbose: 1,
      },
    );
  } finally {
    server.close();
    console.log(`model-based sessions: ${sessions} sessions, ${steps} steps checked (seed ${SEED})`);
    console.log(`  commands run: ${[...ran].map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
  }
});
