import { toast } from 'sonner';
import { ariaKeyShortcuts, COMMANDS, shortcutLabel } from '../../../shared/commands';
import type { SyncStatus } from '../../../shared/contract';
import { messageOf } from '../api';
import { ENVIRONMENT_LABELS, isMac, when } from '../format';
import { isRemote, useApp } from '../store';

// Each names its environment: it may still be on screen after a switch to the other server.
function syncOutcome({ environment, pending, rejected, needsConfirmation, currentError }: SyncStatus): string {
  const problems = [
    pending > 0 ? `${pending} still waiting${currentError ? ` (${currentError})` : ''}` : '',
    rejected > 0 ? `${rejected} rejected: see the list` : '',
    needsConfirmation > 0 ? `${needsConfirmation} held until you confirm the new address` : '',
  ].filter(Boolean);
  const finished = `${ENVIRONMENT_LABELS[environment]} sync finished`;
  return problems.length === 0
    ? `${finished}: the server has everything added here.`
    : `${finished}: ${problems.join('; ')}.`;
}

/** "Sync now", from the button, the shortcut or the menu; the outcome is announced. */
export function syncNowAndAnnounce(): void {
  const { environment, syncNow } = useApp.getState();
  if (!isRemote(environment)) return; // the local store has nothing to sync
  void syncNow().then(
    (after) => after && toast(syncOutcome(after)),
    (error) => toast.error(`${ENVIRONMENT_LABELS[environment]} sync failed: ${messageOf(error)}`),
  );
}

/** Online or offline, what is waiting, when sync last succeeded, what is wrong, and "Sync now". */
export function SyncBar() {
  const environment = useApp((state) => state.environment);
  const status = useApp((state) => (isRemote(state.environment) ? state.sync[state.environment] : undefined));
  // A list just fetched from the server proves it reachable, even before the first sync pass.
  const fetched = useApp((state) => state.view?.source === 'server');
  if (!isRemote(environment)) {
    return (
      <section className="sync-bar" aria-label="Sync status">
        <span className="sync-state">Nothing to sync: the local store is this computer</span>
      </section>
    );
  }
  const online = status?.online ?? (fetched ? true : null);
  const state = online === true ? 'online' : online === false ? 'offline' : 'unknown';
  return (
    <section className="sync-bar" aria-label="Sync status">
      <span className={`sync-state sync-${state}`} data-online={state}>
        <span className="dot" aria-hidden="true" />
        {state === 'online'
          ? 'Online'
          : state === 'offline'
            ? 'Offline: working from this computer'
            : 'Not checked yet'}
      </span>
      <span data-testid="pending-count">{status?.pending ?? 0} waiting</span>
      <span data-testid="rejected-count" className={status?.rejected ? 'has-rejected' : undefined}>
        {status?.rejected ?? 0} rejected
      </span>
      <span>{status?.lastSuccessfulSync ? `Last synced ${when(status.lastSuccessfulSync)}` : 'Never synced'}</span>
      {status?.keyRejected ? (
        <span className="sync-error" role="status">
          The server rejected the key: set a new one in Settings.
        </span>
      ) : status?.currentError && state !== 'offline' ? ( // offline says it already, calmly
        <span className="sync-error">{status.currentError}</span>
      ) : null}
      <button
        type="button"
        onClick={syncNowAndAnnounce}
        aria-keyshortcuts={ariaKeyShortcuts(COMMANDS['sync-now'].keys, isMac)}
      >
        Sync now <kbd>{shortcutLabel(COMMANDS['sync-now'].keys[0], isMac)}</kbd>
      </button>
    </section>
  );
}
