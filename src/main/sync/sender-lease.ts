import { randomUUID } from 'node:crypto';
import { writeTransaction, type SqliteDatabase } from '../store/database';

/** A sender says it is alive this often; one silent this long is taken for gone (hung, or on another machine's clock). */
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
  now?: () => number;
  pid?: number;
  isAlive?: (pid: number) => boolean;
  /** What the sender that is gone left on its way, to be reclaimed by the one that takes over. */
  reclaim: () => void;
}

/**
 * The right to send one outbox, held by one sender at a time across every process on this
 * computer (the app's sync thread, a CLI sync, a second app): each would otherwise claim and
 * send the same entries. It is taken over only from a sender that is gone (its process has
 * exited) or silent for SENDER_LEASE.staleMs; only then is what it had on its way reclaimed.
 */
export function createSenderLease(db: SqliteDatabase, options: SenderLeaseOptions) {
  const { now = Date.now, pid = process.pid, isAlive = processAlive, reclaim } = options;
  const owner = `${pid}:${randomUUID()}`;
  const read = db.prepare<[], { owner: string; pid: number; heartbeat_at: number }>(
    'SELECT owner, pid, heartbeat_at FROM sender WHERE id = 1',
  );
  const write = db.prepare<[string, number, number]>(
    `INSERT INTO sender (id, owner, pid, heartbeat_at) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, heartbeat_at = excluded.heartbeat_at`,
  );
  const beat = db.prepare<[number, string]>('UPDATE sender SET heartbeat_at = ? WHERE id = 1 AND owner = ?');
  const remove = db.prepare<[string]>('DELETE FROM sender WHERE id = 1 AND owner = ?');

  const acquire = writeTransaction(db, (): LeaseAnswer => {
    const row = read.get();
    if (row?.owner === owner) {
      beat.run(now(), owner);
      return { held: true };
    }
    if (row !== undefined && isAlive(row.pid) && now() - row.heartbeat_at < SENDER_LEASE.staleMs) {
      return { held: false, holder: { pid: row.pid } };
    }
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
