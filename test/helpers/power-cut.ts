import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCE = join(import.meta.dirname, 'power-cut', 'synced-copies.c');
let built: { library: string } | { unavailable: string } | undefined;

/** The preloaded library that copies each file as it is synced, built once per test process. */
function library(): { library: string } | { unavailable: string } {
  if (built !== undefined) return built;
  if (process.platform !== 'linux') return (built = { unavailable: 'power cuts are simulated on Linux only' });
  const dir = mkdtempSync(join(tmpdir(), 'petstore-power-cut-'));
  const output = join(dir, 'synced-copies.so');
  const cc = spawnSync('cc', ['-shared', '-fPIC', '-O2', '-o', output, SOURCE, '-ldl', '-lpthread'], {
    encoding: 'utf8',
  });
  built =
    cc.status === 0
      ? { library: output }
      : { unavailable: `no C compiler to build ${SOURCE}: ${cc.error ?? cc.stderr}` };
  return built;
}

/** Why power cuts cannot be simulated here, or null when they can. */
export function powerCutUnavailable(): string | null {
  const found = library();
  return 'unavailable' in found ? found.unavailable : null;
}

export interface PowerCut {
  /** The environment of a process that runs until the power goes (give it to spawn). */
  env: NodeJS.ProcessEnv;
  /**
   * Takes the databases back to what a power cut at this moment keeps of them at worst: the file
   * and its write-ahead log each as of its last fsync (one not synced since `cutPower` began: as
   * it was then). SQLite's shared memory, which no cut keeps, is removed. Only once the process
   * that wrote them is gone.
   */
  restore(): void;
}

/**
 * A power cut of the files of `dir`. What survives one is what reached the disk: whatever a file's
 * last fsync returned for, and of the writes since, possibly nothing. A library preloaded into
 * the process under test copies a file each time an fsync of it returns (power-cut/synced-copies.c),
 * so the worst case is what the process's own syncs made durable, decided by SQLite as it runs,
 * not by a model of it. `databases` (SQLite files in `dir`) must be on disk when this is called:
 * closed cleanly.
 */
export function cutPower(dir: string, databases: readonly string[]): PowerCut {
  const found = library();
  if ('unavailable' in found) throw new Error(found.unavailable);
  const copies = mkdtempSync(join(tmpdir(), 'petstore-synced-'));
  const files = databases.flatMap((database) => [database, `${database}-wal`]);
  for (const file of files) if (existsSync(join(dir, file))) copyFileSync(join(dir, file), join(copies, file));
  return {
    env: {
      ...process.env,
      LD_PRELOAD: found.library,
      POWER_CUT_WATCH: realpathSync(dir),
      POWER_CUT_COPIES: copies,
    },
    restore() {
      for (const file of files) {
        const synced = join(copies, file);
        if (existsSync(synced)) copyFileSync(synced, join(dir, file));
        else rmSync(join(dir, file), { force: true });
      }
      for (const database of databases) rmSync(join(dir, `${database}-shm`), { force: true });
      rmSync(copies, { recursive: true, force: true });
    },
  };
}
