import { BACKUP_SETTINGS_ID, useBackupStatus } from '../backup-status';
import { ENVIRONMENT_LABELS } from '../format';
import { useWindowState } from '../window-state';

/** Across the window, while a backup failed or the last good one is old: what, and the way to Settings > Backups. */
export function BackupWarning() {
  const status = useBackupStatus((state) => state.status);
  const showScreen = useWindowState((state) => state.showScreen);
  const warned = status?.environments.filter(({ warning }) => warning !== null) ?? [];
  if (warned.length === 0) return null;
  const open = async () => {
    await showScreen('settings');
    const section = document.getElementById(BACKUP_SETTINGS_ID);
    section?.scrollIntoView({ block: 'start' });
    section?.focus();
  };
  return (
    <div className="backup-banner" role="alert">
      <strong>Backups:</strong>
      <ul>
        {warned.map(({ environment, warning }) => (
          <li key={environment}>
            {ENVIRONMENT_LABELS[environment]}: {warning}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => void open()}>
        Backup settings
      </button>
    </div>
  );
}
