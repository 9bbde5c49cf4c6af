/**
 * Acceptances are committed without waiting for the disk. Each entry's claim was synced before its
 * request went out, so a power cut that undoes an acceptance leaves the entry `sending`: taken back
 * at the next start as maybe sent, and sent again under the same Idempotency-Key, the server
 * replays its answer (as for the requests on their way at that moment). The file is synced at the
 * next claim, or at the latest by the sender's heartbeat (every 2 s while the engine runs).
 */
export const ACCEPTANCE_DURABILITY = { waitForDisk: false } as const;

/** Acceptances recorded in one transaction at most: a crash redoes at most this many (each under its key, so the server replays them). */
export const ACCEPT_GROUP = 64;
/** An acceptance is on disk within this long of its answer, however few came with it. */
export const ACCEPT_WAIT_MS = 20;

/**
 * Records acceptances as they arrive, in groups: one transaction for up to ACCEPT_GROUP of them,
 * or for those that came within ACCEPT_WAIT_MS of the first. During a drain that is a commit for
 * dozens of answers rather than for each; a lone answer waits no more than ACCEPT_WAIT_MS. A group
 * that failed to be recorded on its timer is thrown by the next call, so the pass stops and says why.
 */
export function groupAcceptances<T>(record: (group: T[]) => void) {
  let group: T[] = [];
  let timer: NodeJS.Timeout | null = null;
  let failure: { error: unknown } | null = null;

  const write = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (group.length === 0) return;
    const writing = group;
    group = [];
    record(writing);
  };
  const throwFailure = () => {
    if (failure === null) return;
    const { error } = failure;
    failure = null;
    throw error;
  };

  return {
    add(accepted: T): void {
      throwFailure();
      group.push(accepted);
      if (group.length >= ACCEPT_GROUP) write();
      else
        timer ??= setTimeout(() => {
          try {
            write();
          } catch (error) {
            failure = { error };
          }
        }, ACCEPT_WAIT_MS);
    },
    /** Records what waits now. */
    flush(): void {
      throwFailure();
      write();
    },
  };
}
