import { toast } from 'sonner';
import { lostInWords, type LostDetail, type RestorePreviewView } from '../../../shared/contract/backups';
import { call, messageOf } from '../api';
import { backupDate } from '../backup-status';
import { ENVIRONMENT_LABELS } from '../format';
import { asManager } from '../manager';
import { ConfirmDialog } from './ConfirmDialog';

const counted = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** Each kind the restore loses, named (a main older than the list gives its two counts). */
const lostDetails = ({ animals, unsent, details }: { animals: number; unsent: number; details?: LostDetail[] }) =>
  (
    details ?? [
      { kind: 'animals', count: animals, first: [] },
      { kind: 'unsent', count: unsent, first: [] },
    ]
  ).filter(({ count }) => count > 0);

/** What a restore would do, for a manager to confirm: the app restarts and restores as it opens. */
export function RestoreDialog({ preview, onClose }: { preview: RestorePreviewView; onClose(): void }) {
  const label = ENVIRONMENT_LABELS[preview.environment];
  const { lost } = preview;
  const restore = async () => {
    try {
      const answer = await asManager(() => call('restoreBackupAtRestart', { backup: preview.backup }));
      if (answer === null) return toast('Not restored: it needs the manager’s PIN.');
      onClose();
      toast(answer.restarting ? 'Restarting to restore…' : 'The backup is restored when Petstore Desk next starts.');
    } catch (error) {
      onClose();
      toast.error(`Not restored: ${messageOf(error)}`);
    }
  };
  return (
    <ConfirmDialog
      title={`Restore ${label} from the backup of ${backupDate(preview.madeAt)}?`}
      confirmLabel="Restore and restart"
      confirmTone="danger"
      onConfirm={() => void restore()}
      onCancel={onClose}
    >
      <p>
        The backup holds {counted(preview.animals, 'animal')} and {counted(preview.unsent, 'change', 'changes')} not yet
        sent to the server
        {preview.unsent > 0 ? ', which are sent once after the restore' : ''}.
      </p>
      {lost === 'unreadable' ? (
        <p className="restore-loses">
          The current file cannot be read, so what it holds beyond the backup is not known.
        </p>
      ) : lost !== null && lostDetails(lost).length > 0 ? (
        <div className="restore-loses">
          <p>Lost from the current file:</p>
          <ul>
            {lostDetails(lost).map((detail) => (
              <li key={detail.kind}>{lostInWords(detail)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p>The current file holds nothing the backup lacks.</p>
      )}
      <p className="hint">
        The current file is kept aside beside it, not deleted. Petstore Desk quits, restores the backup and starts
        again.
      </p>
    </ConfirmDialog>
  );
}
