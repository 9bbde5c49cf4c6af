import { randomUUID } from 'node:crypto';
import { writeTransaction, type SqliteDatabase } from '../database/database';

/** A sender says it is alive this often; one silent this long, as another sender's own clock measures it, is taken for hung. */
export const SENDER_LEASE = { heartbeatMs: 2_000, staleMs: 15_000 };

/** Whether a process of this computer is running (a signal 0 reaches it, or exists but may not be signalled). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type LeaseAnswer = { held: true } | { held: false; holder: { pid: number } };

export interface SenderLeaseOptions {
  /** The time written with each heartbeat, for a person reading the file (no sender compares it with its own). */
  now?: () => number;
  /** This process's monotonic clock in ms: how long another sender has been silent is measured by it alone. */
  monotonic?: () => number;
  pid?: number;
  isAlive?: (pid: number) => boolean;
  /** What the sender that is gone left on its way, to be reclaimed by the one that takes over. */
  reclaim: () => void;
}

/**
 * The right to send one outbox, held by one sender at a time across every process on this
 * computer (the app's sync thread, a CLI sync, a second app): each would otherwise claim and
 * send the same entries. It is taken over only from a sender that is gone (its process has
 * exited) or hung: one whose heartbeats have stopped for SENDER_LEASE.staleMs, as the sender that
 * would take over has watched them by its own monotonic clock. Two processes' clocks are never
 * compared (one set ahead would take a live sender's work). Only then is what it had on its way reclaimed.
 */
export function createSenderLease(db: SqliteDatabase, options: SenderLeaseOptions) {
  const { now = Date.now, monotonic = () => performance.now(), pid = process.pid, isAlive = processAlive } = options;
  const { reclaim } = options;
  const owner = `${pid}:${randomUUID()}`;
  const read = db.prepare<[], { owner: string; pid: number; beats: number; heartbeat_at: number }>(
    'SELECT owner, pid, beats, heartbeat_at FROM sender WHERE id = 1',
  );
  const write = db.prepare<[string, number, number]>(
    `INSERT INTO sender (id, owner, pid, heartbeat_at, beats) VALUES (1, ?, ?, ?, 0)
     ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, heartbeat_at = excluded.heartbeat_at, beats = 0`,
  );
  const beat = db.prepare<[number, string]>(
    'UPDATE sender SET beats = beats + 1, heartbeat_at = ? WHERE id = 1 AND owner = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM sender WHERE id = 1 AND owner = ?');

  // The other sender's last sign of life seen here, and when (this process's monotonic clock).
  // The time it wrote counts as a sign too: an older version beats with that alone.
  let watched: { sign: string; since: number } | null = null;
  const silentTooLong = (row: { owner: string; beats: number; heartbeat_at: number }): boolean => {
    const sign = `${row.owner} ${row.beats} ${row.heartbeat_at}`;
    const at = monotonic();
    if (watched?.sign !== sign) watched = { sign, since: at };
    return at - watched.since >= SENDER_LEASE.staleMs;
  };

  const acquire = writeTransaction(db, (): LeaseAnswer => {
    const row = read.get();
    if (row?.owner === owner) {
      beat.run(now(), owner);
      return { held: true };
    }
    if (row !== undefined && isAlive(row.pid) && !silentTooLong(row)) {
      return { held: false, holder: { pid: row.pid } };
    }
    watched = null;
    reclaim(); // any entry still on its way was the gone sender's: whether it went out is not known
    write.run(owner, pid, now());
    return { held: true };
  });

  return {
    owner,
    /** Takes or keeps the right to send; while another live sender holds it, says which process. */
    acquire: (): LeaseAnswer => acquire(),
    /** Says this sender is still alive (a no-op once another has taken over). */
    heartbeat(): void {
      beat.run(now(), owner);
    },
    release(): void {
      remove.run(owner);
    },
  };
}

export type SenderLease = ReturnType<typeof createSenderLease>;
