/**
 * Acceptances recorded in one transaction at most. Each group is synced to disk as it commits, as
 * every transaction is: an acceptance undone by a power cut would send its entry again, and a
 * server that ignores Idempotency-Key (the interface does not promise it) would make it twice.
 */
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
