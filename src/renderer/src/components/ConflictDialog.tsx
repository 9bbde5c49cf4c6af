import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { offerTakeBack } from '../undo';
import {
  ANIMAL_FIELDS,
  applyPetPatch,
  mergeOnto,
  personFieldsTakenBy,
  type ChangeEntry,
  type HistoryEntry,
  type Pet,
  type PersonFieldName,
  type RemoteEnvironment,
} from '../../../shared/contract';
import { useActiveCurrency } from '../active-currency';
import { call } from '../api';
import { notDoneText } from '../change-words';
import { fieldValueInWords } from '../field-words';
import { ENVIRONMENT_LABELS, exactTime } from '../format';
import { AnimalThumbnail } from './AnimalPhoto';
import { Name } from './Name';
import { useModal } from './use-modal';

/** A field's row: its label, an id said as one ("Category id"), as both versions hold the value itself. */
const rowLabel = (name: PersonFieldName) => {
  const { label, kind } = ANIMAL_FIELDS[name];
  return kind === 'int64' ? `${label} id` : label;
};

/** A field's value of one version of the animal in words ("unknown" when that version is not known). */
const inWords = (pet: Pet | null, name: PersonFieldName, currency: string): string =>
  pet === null ? 'unknown' : fieldValueInWords(name, pet[name], currency);

/**
 * Who made the server's latest change of the animal, and when, from a server that records it (our
 * history extension); null until known, or from a server without it, or out of reach.
 */
function useOtherChange(environment: RemoteEnvironment, petId: string): HistoryEntry | null {
  const [other, setOther] = useState<HistoryEntry | null>(null);
  useEffect(() => {
    let current = true;
    call('serverPetHistory', { environment, petId }).then(
      (entries) => current && setOther(entries?.[0] ?? null),
      () => undefined, // the names are a help: the dialog decides without them
    );
    return () => {
      current = false;
    };
  }, [environment, petId]);
  return other;
}

/** Whether main can give this photo of the animal's now (a server's is here once a sync has brought it). */
function usePhotoHeld(environment: RemoteEnvironment, petId: string, digest: string | undefined): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (digest === undefined) return;
    let current = true;
    call('photoBytes', { environment, petId, size: 'thumbnail', digest }).then(
      (photo) => current && setHeld(photo?.digest === digest),
      () => current && setHeld(false),
    );
    return () => {
      current = false;
    };
  }, [environment, petId, digest]);
  return held;
}

/** One version's photo: its thumbnail where main has it, else in words. */
function PhotoCell({
  environment,
  pet,
  whose,
  words,
}: {
  environment: RemoteEnvironment;
  pet: Pet;
  whose: string;
  words: string;
}) {
  const held = usePhotoHeld(environment, pet.id, pet.photo);
  if (pet.photo === undefined) return <>no photo</>;
  if (!held) return <>{words}</>;
  return <AnimalThumbnail environment={environment} pet={{ ...pet, name: `${pet.name} (${whose})` }} size={48} />;
}

/**
 * The photo, when theirs is not yours (a change of the photo) or not the one you saw (a change that
 * keeps theirs): both, side by side.
 */
function PhotoRow({
  environment,
  theirs,
  yours,
  both,
}: {
  environment: RemoteEnvironment;
  theirs: Pet;
  yours: Pet;
  both: boolean;
}) {
  return (
    <tr className="differs">
      <th scope="row">
        Photo<span className="visually-hidden"> (differs)</span>
        {both && (
          <>
            {' '}
            <span className="badge conflict">changed by both</span>
          </>
        )}
      </th>
      <td>
        <PhotoCell environment={environment} pet={theirs} whose="theirs" words="Their photo differs" />
      </td>
      <td>
        <PhotoCell environment={environment} pet={yours} whose="yours" words="Your photo" />
      </td>
    </tr>
  );
}

/**
 * Another counter changed the animal first: both versions side by side, field by field (those
 * either has), and a person decides. Rows that keeping theirs or yours would leave different are
 * highlighted; a field both changed is marked. Nothing is overwritten until they decide; "Decide
 * later" (the default) leaves it waiting.
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
  const currency = useActiveCurrency((state) => state.currency);
  const other = useOtherChange(environment, change.petId);
  const { theirs, base, patch } = change;
  const mine = applyPetPatch(theirs ?? base, patch);
  const merge = theirs === null ? null : mergeOnto(base, theirs, patch);
  const both = new Set(merge === null || merge.merged ? [] : merge.conflicts.map((conflict) => conflict.field));
  const decide = async (choice: 'keep-mine' | 'keep-theirs') => {
    try {
      await call('resolveConflict', { environment, entryId: change.entryId, choice });
      const what = `The change of ${base.name}`;
      offerTakeBack(
        environment,
        change.entryId,
        { what, done: `Undone: ${what} waits for your choice again.` },
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
      aria-describedby="conflict-how"
      onCancel={(event) => (event.preventDefault(), onClose())}
    >
      <h2 id="conflict-title">
        <Name>{base.name}</Name> was changed by someone else first
      </h2>
      {other !== null && (
        <p className="conflict-who" data-testid="conflict-who">
          {other.by === null ? 'Changed' : <Name>{other.by}</Name>}
          {other.by === null ? ' on ' : ' changed it on '}
          {ENVIRONMENT_LABELS[environment]}: <time dateTime={other.at}>{exactTime(other.at)}</time>.
        </p>
      )}
      <p id="conflict-how" className="hint">
        Rows in bold differ. Keeping yours sends only what you changed; what only they changed stays.
      </p>
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
            // A field neither version has says nothing: left out (an unknown version of theirs shows every field).
            if (theirs !== null && (theirs[field] ?? null) === null && (mine[field] ?? null) === null) return null;
            const shownTheirs = inWords(theirs, field, currency);
            const shownYours = inWords(mine, field, currency);
            const differs = shownTheirs !== shownYours;
            return (
              <tr key={field} className={differs ? 'differs' : undefined}>
                <th scope="row">
                  {rowLabel(field)}
                  {differs && <span className="visually-hidden"> (differs)</span>}
                  {both.has(field) && (
                    <>
                      {' '}
                      <span className="badge conflict">changed by both</span>
                    </>
                  )}
                </th>
                <td>
                  <Name>{shownTheirs}</Name>
                </td>
                <td>
                  <Name>{shownYours}</Name>
                </td>
              </tr>
            );
          })}
          {theirs !== null && (theirs.photo !== mine.photo || theirs.photo !== base.photo) && (
            <PhotoRow
              environment={environment}
              theirs={theirs}
              yours={'photo' in patch ? mine : base}
              both={both.has('photo')}
            />
          )}
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
