import { asManager } from '../manager';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ChangeEntry, OutboxEntry, Pet, PetStatus, RemoteEnvironment } from '../../../shared/contract';
import { call } from '../api';
import { changeRefusedText, notDoneText } from '../change-words';
import { useOpenAnimal } from '../open-animal';
import { actionBegun, offerTakeBack, offerUndo } from '../undo';
import { ENVIRONMENT_LABELS } from '../format';
import { isRemote, useWindowState, useCategoryWords } from '../window-state';
import { ConfirmDialog } from './ConfirmDialog';
import { ConflictDialog } from './ConflictDialog';
import { EditAnimalDialog, type Editing } from './EditAnimalDialog';
import { FixEntryDialog } from './FixEntryDialog';
import { OpenHistory, openHistory } from './HistoryDialog';
import { PaperDialog } from './PaperDialog';
import { SellDialog } from './SellDialog';
import { Name } from './Name';
import { FALLBACK_FOCUS_ID } from './use-modal';

/** Resends a held or refused entry or change, to the server's current address (confirmed by the person's click), and says where. */
async function resend(environment: RemoteEnvironment, entry: OutboxEntry | ChangeEntry, name: string): Promise<void> {
  try {
    const sent = await call('resendEntry', { environment, entryId: entry.entryId });
    toast(
      <span>
        {'patch' in entry ? 'The change of ' : ''}
        <Name>{name}</Name> is being sent to {ENVIRONMENT_LABELS[environment]} at {sent.baseUrl}.
      </span>,
    );
  } catch (error) {
    toast.error(notDoneText(error, environment, `${'patch' in entry ? `The change of ${name}` : name} was not sent`));
  }
}

type Discarding = { kind: 'entry'; entry: OutboxEntry } | { kind: 'change'; change: ChangeEntry; name: string };

/**
 * What a row's actions open (correct, fix, discard, choose in a conflict) and the calls they make:
 * one place, for the keys and the buttons alike. A write to production is asked by main itself.
 */
export function useRowDialogs() {
  const environment = useWindowState((state) => state.environment)!;
  const categoryWords = useCategoryWords();
  const changeAnimal = useWindowState((state) => state.changeAnimal);
  const [fixing, setFixing] = useState<OutboxEntry | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [resolving, setResolving] = useState<ChangeEntry | null>(null);
  const [selling, setSelling] = useState<Pet | null>(null);
  const [discarding, setDiscarding] = useState<Discarding | null>(null);
  const [printing, setPrinting] = useState<Pet | null>(null);
  // A discarded row (and its Discard button) is about to go: the focus then goes to the list, not back to it.
  const discarded = useRef(false);
  const remote = isRemote(environment) ? environment : null;
  // An animal opened from outside its row (a scan, Find by number): its correction, as E opens it.
  const opening = useOpenAnimal((state) => state.opening);
  useEffect(() => {
    if (opening === null) return;
    useOpenAnimal.getState().opened();
    setEditing({ kind: 'pet', pet: opening.pet, scanned: opening.scanned });
  }, [opening]);

  const setStatus = (pet: Pet, status: PetStatus) =>
    actionBegun(
      changeAnimal(pet, { status }).then(
        (made) =>
          made === null
            ? toast(`${pet.name} is already ${status}.`)
            : offerUndo(environment, pet, `${pet.name} marked ${status}.`, made),
        (error: unknown) => toast.error(changeRefusedText(error, pet.name, categoryWords, environment)),
      ),
    );

  const discardNow = async (chosen: Discarding) => {
    setDiscarding(null);
    if (!remote) return;
    const entryId = chosen.kind === 'entry' ? chosen.entry.entryId : chosen.change.entryId;
    const what = chosen.kind === 'entry' ? chosen.entry.name : `The change of ${chosen.name}`;
    const named =
      chosen.kind === 'entry' ? (
        <Name>{chosen.entry.name}</Name>
      ) : (
        <>
          The change of <Name>{chosen.name}</Name>
        </>
      );
    try {
      // Main decides at that moment; the row the person saw may have moved on since (sent, or on its way).
      const outcome = await asManager(() => call('discardEntry', { environment: remote, entryId }));
      if (outcome === null) return; // no manager unlocked the app
      const where = ENVIRONMENT_LABELS[remote];
      if (!outcome.discarded) {
        toast(
          <span>
            {named} had reached {where} already: there was nothing to discard.
          </span>,
        );
        return;
      }
      const said = outcome.mayBeOnServer ? (
        <span>
          {named} discarded. A send of it was on its way or got no answer, so {where} may have it: it will not be sent
          again.
        </span>
      ) : (
        <span>{named} discarded.</span>
      );
      offerTakeBack(remote, entryId, { what, done: `Undone: ${what} is back, waiting to be sent.` }, said);
    } catch (error) {
      toast.error(notDoneText(error, remote, `${what} was not discarded`));
    }
  };

  const discard = (chosen: Discarding) => actionBegun(discardNow(chosen));

  const actions = {
    status: (pet: Pet, status: PetStatus) => void setStatus(pet, status),
    edit: (what: Editing) => setEditing(what),
    sell: (pet: Pet) => setSelling(pet),
    print: (pet: Pet) => setPrinting(pet),
    fix: (entry: OutboxEntry) => setFixing(entry),
    resolve: (change: ChangeEntry) => setResolving(change),
    resend: (entry: OutboxEntry | ChangeEntry, name: string) => remote && void resend(remote, entry, name),
    discardEntry: (entry: OutboxEntry) => setDiscarding({ kind: 'entry', entry }),
    discardChange: (change: ChangeEntry, name: string) => setDiscarding({ kind: 'change', change, name }),
    history: (pet: Pet) => openHistory(environment, pet),
  };

  const discardingName = discarding?.kind === 'entry' ? discarding.entry.name : discarding?.name;
  const dialogs = (
    <>
      {fixing && remote && <FixEntryDialog environment={remote} entry={fixing} onClose={() => setFixing(null)} />}
      {editing && <EditAnimalDialog editing={editing} onClose={() => setEditing(null)} />}
      {selling && <SellDialog environment={environment} pet={selling} onClose={() => setSelling(null)} />}
      {printing && (
        <PaperDialog
          environment={environment}
          animals={{ ids: [printing.id] }}
          which={printing.name}
          onClose={() => setPrinting(null)}
        />
      )}
      <OpenHistory />
      {resolving && remote && (
        <ConflictDialog environment={remote} change={resolving} onClose={() => setResolving(null)} />
      )}
      {discarding && (
        <ConfirmDialog
          title={
            discarding.kind === 'entry' ? (
              <>
                Discard <Name>{discardingName ?? ''}</Name>?
              </>
            ) : (
              <>
                Discard the change of <Name>{discardingName ?? ''}</Name>?
              </>
            )
          }
          confirmLabel="Discard"
          confirmTone="danger"
          onConfirm={() => {
            discarded.current = true;
            void discard(discarding);
          }}
          onCancel={() => {
            discarded.current = false;
            setDiscarding(null);
          }}
          returnFocusTo={() => (discarded.current ? document.getElementById(FALLBACK_FOCUS_ID) : null)}
        >
          {(discarding.kind === 'entry' ? discarding.entry : discarding.change).mayBeOnServer ? (
            <p data-testid="may-be-on-server">
              A send of it is on its way or got no answer, so the server may have it already: discarding stops it being
              sent again, but cannot take it back.
            </p>
          ) : (
            <p>The server never accepted it, and it will not be sent again.</p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
  return { actions, dialogs };
}
