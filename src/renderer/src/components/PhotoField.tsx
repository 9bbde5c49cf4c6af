import { useEffect, useId, useState, type RefObject } from 'react';
import type { EnvironmentName, Pet } from '../../../shared/contract';
import { PHOTO_INPUT_MAX_BYTES } from '../../../shared/contract/photos';
import { call, CallError } from '../api';
import { notDoneText } from '../change-words';
import { AnimalThumbnail } from './AnimalPhoto';

const MOST = `${PHOTO_INPUT_MAX_BYTES / 1024 / 1024} MB`;

/** Why a photo was not taken, in words, naming what the person gave (a file's name, or the file chosen). */
function refusalText(error: unknown, subject: string, pet: Pick<Pet, 'name'>, environment: EnvironmentName): string {
  if (error instanceof CallError) {
    const { code, fields } = error.detail;
    const onPhoto = fields?.find((problem) => problem.field === 'photo');
    // The file's own problem: what it is, and what to do, after its name.
    if (onPhoto) return `${subject} ${onPhoto.message}.`;
    if (code === 'precondition_failed') {
      return `${pet.name} was changed elsewhere meanwhile (another window or the command line), so the photo was not changed. Close this dialog and open it again to see ${pet.name} as it is now.`;
    }
  }
  return notDoneText(error, environment, 'The photo was not changed');
}

interface Props {
  environment: EnvironmentName;
  /** The animal as it is now (its revision is what a photo change is made under). */
  pet: Pet;
  /** Main's answer: the animal with its new photo, or without one. */
  onChanged(pet: Pet): void;
  /** Where a photo file may be dropped (the whole dialog). */
  dropTarget: RefObject<HTMLElement | null>;
}

/**
 * The animal's photo in its dialog: the one it has, a photo chosen in main's own dialog or a file
 * dropped on the dialog (main prepares either, and says why one is not taken), and its removal.
 */
export function PhotoField({ environment, pet, onChanged, dropTarget }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dropping, setDropping] = useState(false);
  const statusId = useId();

  async function run(working: string, subject: string, write: () => Promise<Pet | null>): Promise<void> {
    setBusy(working);
    setProblem(null);
    try {
      const changed = await write();
      if (changed !== null) onChanged(changed);
    } catch (error) {
      setProblem(refusalText(error, subject, pet, environment));
    } finally {
      setBusy(null);
    }
  }
  const revision = pet.revision;

  const choose = () =>
    run('Waiting for the photo you choose…', 'The file you chose', () =>
      call('choosePhoto', { environment, petId: pet.id, revision }),
    );
  const remove = () =>
    run('Removing the photo…', 'The photo', () => call('removePhoto', { environment, petId: pet.id, revision }));

  // A file dropped anywhere on the dialog: its bytes go to main, which reads what they are.
  useEffect(() => {
    const target = dropTarget.current;
    if (target === null) return;
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = 'copy';
      setDropping(true);
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null || !target.contains(event.relatedTarget as Node)) setDropping(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDropping(false);
      const file = event.dataTransfer!.files[0];
      if (file === undefined || busy !== null) return;
      if (file.size > PHOTO_INPUT_MAX_BYTES) {
        setProblem(`${file.name} is larger than ${MOST}: choose a smaller photo, or save a smaller copy of it.`);
        return;
      }
      void run('Preparing the photo…', file.name, async () => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        return call('setPhotoFromBytes', { environment, petId: pet.id, bytes, revision });
      });
    };
    target.addEventListener('dragover', over);
    target.addEventListener('dragleave', leave);
    target.addEventListener('drop', drop);
    return () => {
      target.removeEventListener('dragover', over);
      target.removeEventListener('dragleave', leave);
      target.removeEventListener('drop', drop);
    };
  });

  return (
    <section className={dropping ? 'photo-section dropping' : 'photo-section'} aria-label="Photo">
      {pet.photo === undefined ? (
        <span className="animal-thumbnail no-photo" style={{ '--thumbnail-size': '96px' } as React.CSSProperties}>
          No photo
        </span>
      ) : (
        <AnimalThumbnail environment={environment} pet={pet} size={96} />
      )}
      <div className="photo-actions">
        <div>
          <button type="button" onClick={() => void choose()} disabled={busy !== null} aria-describedby={statusId}>
            Choose photo…
          </button>
          {pet.photo !== undefined && (
            <button type="button" onClick={() => void remove()} disabled={busy !== null}>
              Remove photo
            </button>
          )}
        </div>
        <p id={statusId} className={problem ? 'field-error' : 'hint'} role={problem ? 'alert' : 'status'}>
          {problem ?? busy ?? 'Or drop a photo file on this dialog: JPEG, PNG, WebP, GIF or AVIF.'}
        </p>
      </div>
    </section>
  );
}
