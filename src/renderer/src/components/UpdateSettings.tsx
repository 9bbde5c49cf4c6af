import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { keepReasonInWords, type UpdateView } from '../../../shared/contract/updates';
import { call, CallError, messageOf, subscribe } from '../api';
import { asManager } from '../manager';
import { Time } from './Time';

const NEEDS_PIN = 'Not done: it needs the manager’s PIN.';

/** How the counter stands with updates, in one sentence: main's account, never the window's guess. */
function UpdateState({ view }: { view: UpdateView }) {
  if (view.downloaded !== null) {
    const ready = `Petstore Desk ${view.downloaded} is downloaded.`;
    if (view.atQuit?.install) return <>{ready} Installs when you quit.</>;
    return (
      <>
        {ready} {view.atQuit ? keepReasonInWords(view.atQuit.because) : ''}
      </>
    );
  }
  if (!view.canUpdate) return <>This copy does not update itself: the installed app does.</>;
  if (view.held) return <>Held on this version: nothing is looked for, downloaded or installed.</>;
  if (view.feed === null) return <>No feed set: this counter does not look for updates.</>;
  if (view.activity === 'checking') return <>Looking for an update…</>;
  if (view.activity === 'downloading')
    return (
      <>
        Downloading Petstore Desk {view.available}… {view.progress ?? 0}%
      </>
    );
  if (view.checkedAt === null) return <>Not looked for yet.</>;
  return (
    <>
      Up to date (looked <Time iso={view.checkedAt} />
      ).
    </>
  );
}

/** Settings > Updates: the version, the manager's hold and feed, and what an update waits for. */
export function UpdateSettings() {
  const [view, setNewest] = useState<UpdateView | null>(null);
  // An answer may arrive after the events main sent since: the newest account stands.
  const setView = (next: UpdateView) =>
    setNewest((shown) => (shown !== null && shown.revision > next.revision ? shown : next));
  const [feed, setFeed] = useState<string | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    void call('updateStatus', undefined).then(setView);
    return subscribe('updateStatus', setView);
  }, []);

  const typed = feed ?? view?.feed ?? '';
  const saveFeed = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const decided = await asManager(() => call('setUpdateFeed', { feed: typed.trim() === '' ? null : typed }));
      if (decided === null) return setProblem(NEEDS_PIN);
      setView(decided);
      setFeed(null);
      setProblem('');
      toast.success(
        decided.feed === null ? 'No update feed: this counter stays on its version.' : 'Update feed saved.',
      );
    } catch (error) {
      const field = error instanceof CallError ? error.detail.fields?.[0] : undefined;
      setProblem(field ? `The feed ${field.message}.` : messageOf(error));
    }
  };
  const hold = async (held: boolean) => {
    try {
      const decided = await asManager(() => call('holdUpdates', { hold: held }));
      if (decided === null) return toast.error(NEEDS_PIN);
      setView(decided);
    } catch (error) {
      toast.error(`Not saved: ${messageOf(error)}`);
    }
  };

  return (
    <section aria-labelledby="updates-title" className="update-settings">
      <h2 id="updates-title">Updates</h2>
      <p>
        <strong>Version {view?.version ?? '…'}</strong>
        {view?.problem ? ` The last try failed: ${view.problem}` : ''}
      </p>
      <p className="hint" role="status" data-update-state>
        {view && <UpdateState view={view} />}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          disabled={view === null}
          checked={view?.held ?? false}
          onChange={(event) => void hold(event.target.checked)}
        />
        Hold this counter on version {view?.version ?? ''}
      </label>
      <form onSubmit={(event) => void saveFeed(event)} className="inline-form" noValidate>
        <div className={`field grow${problem ? ' invalid' : ''}`}>
          <label htmlFor="update-feed">Update feed</label>
          <input
            id="update-feed"
            type="url"
            placeholder="https://updates.shop.example/petstore/"
            value={typed}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby="update-feed-note"
            onChange={(event) => {
              setFeed(event.target.value);
              setProblem('');
            }}
          />
          <p id="update-feed-note" className={problem ? 'field-error' : 'hint'} aria-live="polite">
            {problem || 'Where the shop keeps latest.yml and the installers (https). Empty: no updates.'}
          </p>
        </div>
        <button type="submit" disabled={view === null}>
          Save feed
        </button>
      </form>
    </section>
  );
}
