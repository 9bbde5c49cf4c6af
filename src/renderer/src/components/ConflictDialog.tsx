import { useRef } from 'react';
import { toast } from 'sonner';
import {
  ANIMAL_FIELDS,
  applyPetPatch,
  personFieldsTakenBy,
  type ChangeEntry,
  type Pet,
  type PersonFieldName,
  type RemoteEnvironment,
} from '../../../shared/contract';
import { call } from '../api';
import { notDoneText } from '../change-words';
import { ENVIRONMENT_LABELS } from '../format';
import { Name } from './Name';
import { useModal } from './use-modal';

/** A field's row: its label, an id said as one ("Category id"), as both versions hold the value itself. */
const rowLabel = (name: PersonFieldName) => {
  const { label, kind } = ANIMAL_FIELDS[name];
  return kind === 'int64' ? `${label} id` : label;
};

/** A field's value in a version: "no status" for a field it lacks. */
const shown = (pet: Pet | null, name: PersonFieldName) =>
  pet === null ? 'unknown' : String(pet[name] ?? `no ${ANIMAL_FIELDS[name].label.toLowerCase()}`);

/**
 * Another counter changed the animal first: both versions side by side, and a person decides.
 * Nothing is overwritten until they do; "Decide later" (the default) leaves it waiting.
 */
export function ConflictDialog({
  environment,
  change,
  onClose,
}: {
  environment: RemoteEnvironment;
  change: ChangeEntry;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  useModal(dialog, { initial: later });
  const mine = applyPetPatch(change.theirs ?? change.base, change.patch);
  const decide = async (choice: 'keep-mine' | 'keep-theirs') => {
    try {
      await call('resolveConflict', { environment, entryId: change.entryId, choice });
      toast(
        choice === 'keep-mine'
          ? `Your change is being sent to ${ENVIRONMENT_LABELS[environment]} over their version.`
          : `Kept what ${ENVIRONMENT_LABELS[environment]} has; your change was dropped.`,
      );
      onClose();
    } catch (error) {
      toast.error(
        notDoneText(error, environment, choice === 'keep-mine' ? 'Your change was not sent' : 'Nothing was changed'),
      );
    }
  };
  return (
    <dialog
      ref={dialog}
      className="dialog conflict-dialog"
      aria-labelledby="conflict-title"
      onCancel={(event) => (event.preventDefault(), onClose())}
    >
      <h2 id="conflict-title">
        <Name>{change.base.name}</Name> was changed by someone else first
      </h2>
      <table className="versions">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{ENVIRONMENT_LABELS[environment]} has now</th>
            <th scope="col">You wanted</th>
          </tr>
        </thead>
        <tbody>
          {personFieldsTakenBy(environment).map((field) => {
            const theirs = shown(change.theirs, field);
            const yours = shown(mine, field);
            return (
              <tr key={field} className={theirs === yours ? undefined : 'differs'}>
                <th scope="row">{rowLabel(field)}</th>
                <td>
                  <Name>{theirs}</Name>
                </td>
                <td>
                  <Name>{yours}</Name>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="dialog-actions">
        {/* The filled button is the default, which overwrites nothing; keeping mine overwrites theirs. */}
        <button type="button" ref={later} className="primary" onClick={onClose}>
          Decide later
        </button>
        <button type="button" onClick={() => void decide('keep-theirs')}>
          Keep theirs
        </button>
        <button type="button" onClick={() => void decide('keep-mine')}>
          Keep mine
        </button>
      </div>
    </dialog>
  );
}
