import type { PetsView, ServerStatus } from '../../../shared/contract';
import { ENVIRONMENT_LABELS, when } from '../format';
import { isRemote, useApp } from '../store';
import { AddAnimalForm } from './AddAnimalForm';
import { AnimalsTable } from './AnimalsTable';
import { Filters } from './Filters';
import { FindById } from './FindById';

/** Where the rows on screen come from, and when the server listed them: never a claim of contact that did not happen. */
function Freshness() {
  const view = useApp((state) => state.view);
  const refreshing = useApp((state) => state.refreshing);
  if (!view) return null;
  if (!isRemote(view.environment)) {
    return (
      <p className="freshness source-local" data-source="local">
        Kept on this computer.
      </p>
    );
  }
  const server = ENVIRONMENT_LABELS[view.environment];
  const text =
    view.listedAt === null
      ? `Nothing has been listed by ${server} yet.`
      : view.source === 'server'
        ? `Fresh from ${server} at ${when(view.listedAt)}.`
        : `As ${server} last listed them, at ${when(view.listedAt)}.`;
  return (
    <p className={`freshness source-${view.source}`} data-source={view.source} aria-live="polite">
      {text}
      {refreshing && <span className="refreshing"> Asking {server} for changes…</span>}
      {!refreshing && view.problem && <span className="refresh-error"> {view.problem.message}</span>}
    </p>
  );
}

/** What an empty list means, from what is known: an empty store, a server never listed (and why), or a filter with no match. */
function emptyListText(view: PetsView, status: ServerStatus | undefined, filter: string, refreshing: boolean): string {
  const which = filter === 'all' ? '' : ` ${filter}`;
  if (!isRemote(view.environment))
    return filter === 'all' ? 'No animals yet. Add the first one with the form.' : `No${which} animals.`;
  const server = ENVIRONMENT_LABELS[view.environment];
  if (view.listedAt === null) {
    const why = refreshing ? `asking it now.` : (view.problem ?? status?.problem)?.message;
    return `${server} has not listed its animals to this computer yet${why ? `: ${why}` : '.'}`;
  }
  return view.source === 'server'
    ? `${server} has no${which} animals.`
    : `No${which} animals among those ${server} last listed.`;
}

function ListBody() {
  const view = useApp((state) => state.view);
  const loading = useApp((state) => state.loading);
  const refreshing = useApp((state) => state.refreshing);
  const listError = useApp((state) => state.listError);
  const filter = useApp((state) => state.filter);
  const status = useApp((state) => (isRemote(state.environment) ? state.servers[state.environment] : undefined));
  const setFilter = useApp((state) => state.setFilter);
  const reload = useApp((state) => state.reload);
  if (listError) {
    return (
      <div className="state-message" role="alert">
        <p>The animals could not be loaded: {listError.message}</p>
        <button type="button" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (!view) {
    return (
      <p className="state-message" aria-busy={loading}>
        Loading animals…
      </p>
    );
  }
  if (view.pets.length === 0 && view.unsynced.length === 0) {
    return (
      <div className="state-message" data-testid="empty-list">
        <p>{emptyListText(view, status, filter.status, refreshing)}</p>
        {filter.status !== 'all' && (
          <button type="button" onClick={() => setFilter({ status: 'all' })}>
            Show all animals
          </button>
        )}
      </div>
    );
  }
  return <AnimalsTable pets={view.pets} unsynced={view.unsynced} />;
}

export function AnimalsScreen() {
  return (
    <div className="animals-screen">
      <section className="list-pane" aria-labelledby="list-title">
        <h2 id="list-title">Animals</h2>
        <Filters />
        <Freshness />
        <ListBody />
      </section>
      <aside className="side-pane">
        <AddAnimalForm />
        <FindById />
      </aside>
    </div>
  );
}
