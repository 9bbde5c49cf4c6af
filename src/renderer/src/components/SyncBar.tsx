import { toast } from 'sonner';
import { ariaKeyShortcuts, COMMANDS, shortcutLabel } from '../../../shared/commands';
import { messageOf } from '../api';
import { ENVIRONMENT_LABELS, isMac } from '../format';
import { DetailsPlace } from './DetailsPlace';
import { Time } from './Time';
import { CONNECTION_LABELS, syncOutcomeInWords, whatToDo } from '../server-words';
import { isRemote, useWindowState } from '../window-state';

/** "Sync now", from the button, the shortcut or the menu; the outcome is announced. */
export function syncNowAndAnnounce(): void {
  const { environment, syncNow } = useWindowState.getState();
  if (!isRemote(environment)) return; // the local store has nothing to sync
  void syncNow().then(
    (outcome) => outcome && toast(syncOutcomeInWords(outcome)),
    (error) => toast.error(`${ENVIRONMENT_LABELS[environment]} sync failed: ${messageOf(error)}`),
  );
}

/** How the server stands (as main decided), what waits, when it last had everything, what is wrong, and "Sync now". */
export function SyncBar() {
  const environment = useWindowState((state) => state.environment);
  const status = useWindowState((state) =>
    isRemote(state.environment) ? state.servers[state.environment] : undefined,
  );
  if (!isRemote(environment)) {
    return (
      <section className="sync-bar" aria-label="Sync status">
        <span className="sync-state">Nothing to sync: the local store is this computer</span>
      </section>
    );
  }
  const connection = status?.connection ?? 'unknown';
  const advice = status ? whatToDo(status) : null;
  return (
    <section className="sync-bar" aria-label="Sync status" data-connection={connection}>
      <span className={`sync-state sync-${connection}`} data-online={connection}>
        <span className="dot" aria-hidden="true" />
        {CONNECTION_LABELS[connection]}
      </span>
      <span data-testid="pending-count">
        {status?.waiting ? `${status.waiting} waiting${status.sending ? ' (sending)' : ''}` : 'Nothing waiting'}
      </span>
      {(status?.held ?? 0) > 0 && (
        <span data-testid="held-count" className="for-a-person">
          {status!.held} held
        </span>
      )}
      {(status?.refused ?? 0) > 0 && (
        <span data-testid="refused-count" className="for-a-person">
          {status!.refused} refused
        </span>
      )}
      {(status?.conflicts ?? 0) > 0 && (
        <span data-testid="conflict-count" className="for-a-person">
          {status!.conflicts} {status!.conflicts === 1 ? 'conflict' : 'conflicts'}: choose on the row
        </span>
      )}
      {status && <DetailsPlace environment={environment} status={status} />}
      {status?.changes === 'unsupported' && (
        <span data-testid="changes-unsupported">This server takes no changes to animals</span>
      )}

      <span data-testid="last-synced">
        {connection !== 'online' && status?.lastContactAt ? (
          // Out of touch now: when it last answered, not a sync that reads as if it were in touch.
          <>
            Last reached <Time iso={status.lastContactAt} />
          </>
        ) : status?.lastSyncedAt ? (
          <>
            Last synced <Time iso={status.lastSyncedAt} />
          </>
        ) : (
          'Never synced'
        )}
      </span>
      {status?.otherSender && (
        <span data-testid="other-sender">
          Being sent by another Petstore Desk on this computer (process {status.otherSender.pid})
        </span>
      )}
      {advice && (
        <span className="sync-error" role="status">
          {advice}
        </span>
      )}
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
