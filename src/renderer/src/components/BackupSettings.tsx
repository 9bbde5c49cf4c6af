import { useState } from 'react';
import { toast } from 'sonner';
import {
  BACKUP_REASON_WORDS,
  BACKUP_ROTATION,
  type BackupListing,
  type EnvironmentBackupStatus,
  type RestoreOutcome,
  type RestorePreviewView,
} from '../../../shared/contract/backups';
import type { EnvironmentName } from '../../../shared/contract';
import { call, messageOf } from '../api';
import { BACKUP_SETTINGS_ID, backupDate, showBackupStatus, sizeInWords, useBackupStatus } from '../backup-status';
import { ENVIRONMENT_LABELS } from '../format';
import { asManager } from '../manager';
import { RestoreDialog } from './RestoreDialog';
import { Time } from './Time';

const NEEDS_PIN = 'Not done: it needs the manager’s PIN.';
const iso = (at: number) => new Date(at).toISOString();

/** What a preview or a restore that failed says, as a toast. */
const refused = (error: unknown) => toast.error(`Not restored: ${messageOf(error)}`);

function RestoredAtOpen({ outcome }: { outcome: RestoreOutcome }) {
  return outcome.restored ? (
    <p className="restored-at-open" role="status">
      Restored {ENVIRONMENT_LABELS[outcome.environment]} from the backup of {backupDate(outcome.madeAt)}.
      {outcome.keptAside && (
        <>
          {' '}
          The file it replaced is kept as <code>{outcome.keptAside}</code>.
        </>
      )}
      {outcome.withoutPin && outcome.withoutPin.length > 0 && (
        <>
          {' '}
          {outcome.withoutPin.join(', ')} had no PIN in the backup: a manager gives each one in Settings &gt; Staff at
          the counter.
        </>
      )}
    </p>
  ) : (
    <p className="restore-failed" role="alert">
      The restore asked for did not run: {outcome.message}
    </p>
  );
}

function BackupRow({ backup, onRestore }: { backup: BackupListing; onRestore(name: string): void }) {
  return (
    <li className="backup-row">
      <span>{backupDate(backup.madeAt)}</span>
      <span className="hint">{BACKUP_REASON_WORDS[backup.reason]}</span>
      <span className="hint">{sizeInWords(backup.bytes)}</span>
      <button type="button" onClick={() => onRestore(backup.name)}>
        Restore…
      </button>
    </li>
  );
}

function EnvironmentBackups({
  environment,
  onRestore,
}: {
  environment: EnvironmentBackupStatus;
  onRestore(name: string): void;
}) {
  const [busy, setBusy] = useState(false);
  const label = ENVIRONMENT_LABELS[environment.environment];
  const backUp = async (name: EnvironmentName) => {
    setBusy(true);
    try {
      showBackupStatus(await call('backUpNow', { environment: name }));
      toast.success(`${label} backed up and checked.`);
    } catch (error) {
      toast.error(`${label} not backed up: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="environment-backups" data-environment={environment.environment}>
      <div className="environment-backups-head">
        <span className={`env-pill env-pill-${environment.environment}`}>{label}</span>
        <span>
          {environment.last === null ? (
            'No backup yet.'
          ) : (
            <>
              Last good backup <Time iso={iso(environment.last.madeAt)} />
            </>
          )}
        </span>
        <button type="button" disabled={busy} onClick={() => void backUp(environment.environment)}>
          {busy ? 'Backing up…' : 'Back up now'}
        </button>
      </div>
      {environment.warning && (
        <p className="backup-warning" role="alert">
          {environment.warning}
        </p>
      )}
      {environment.backups.length > 0 && (
        <details>
          <summary>
            {environment.backups.length} {environment.backups.length === 1 ? 'backup' : 'backups'} kept
          </summary>
          <ul className="backup-list">
            {environment.backups.map((backup) => (
              <BackupRow key={backup.name} backup={backup} onRestore={onRestore} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Settings > Backups: how each environment's backups stand, where they are kept, and a restore (a manager's). */
export function BackupSettings() {
  const status = useBackupStatus((state) => state.status);
  const [preview, setPreview] = useState<RestorePreviewView | null>(null);
  const [folderProblem, setFolderProblem] = useState('');

  const moveBackups = async (choose: boolean) => {
    try {
      const moved = await asManager(() =>
        choose ? call('chooseBackupFolder', undefined) : call('useDataFolderForBackups', undefined),
      );
      if (moved === null) return setFolderProblem(choose ? '' : NEEDS_PIN);
      setFolderProblem('');
      toast.success(`Backups are now kept in ${moved.folder}.`);
    } catch (error) {
      setFolderProblem(messageOf(error));
    }
  };
  const restoreNamed = (backup: string) => void call('previewRestoreOf', { backup }).then(setPreview, refused);
  const restoreChosen = () =>
    void call('chooseBackupToRestore', undefined).then((chosen) => chosen && setPreview(chosen), refused);

  return (
    <section aria-labelledby="backups-title" className="backup-settings" id={BACKUP_SETTINGS_ID} tabIndex={-1}>
      <h2 id="backups-title">Backups</h2>
      {status?.restoredAtOpen && <RestoredAtOpen outcome={status.restoredAtOpen} />}
      <p className="hint">
        Each day, and before an upgrade, each store is copied, checked and kept: {BACKUP_ROTATION.daily} daily,{' '}
        {BACKUP_ROTATION.weekly} weekly, and the last {BACKUP_ROTATION.byHand} made by hand. Keys and PINs are never in
        a backup.
      </p>
      <div className="backup-folder">
        <span>
          Kept in <code>{status?.folder ?? '…'}</code>
          {status && !status.chosen && ' (the data folder’s own)'}
        </span>
        <button type="button" onClick={() => void moveBackups(true)}>
          Choose folder…
        </button>
        {status?.chosen && (
          <button type="button" onClick={() => void moveBackups(false)}>
            Use the data folder
          </button>
        )}
      </div>
      {folderProblem && (
        <p className="field-error" role="alert">
          {folderProblem}
        </p>
      )}
      {status?.environments.map((environment) => (
        <EnvironmentBackups key={environment.environment} environment={environment} onRestore={restoreNamed} />
      ))}
      <button type="button" onClick={restoreChosen}>
        Restore from a file…
      </button>
      {preview && <RestoreDialog preview={preview} onClose={() => setPreview(null)} />}
    </section>
  );
}
