import { when } from '../format';
import { isRemote, useApp } from '../store';
import { AddAnimalForm } from './AddAnimalForm';
import { AnimalsTable } from './AnimalsTable';
import { Filters } from './Filters';
import { FindById } from './FindById';

function Freshness() {
  const view = useApp((state) => state.view);
  const refreshError = useApp((state) => state.refreshError);
  if (!view) return null;
  const text =
    view.source === 'local'
      ? 'Kept on this computer.'
      : view.source === 'server'
        ? `Fresh from the server at ${when(view.refreshedAt!)}.`
        : view.refreshedAt
          ? `Saved copy from ${when(view.refreshedAt)}; the server has not answered since.`
          : 'Not fetched from the server yet.';
  return (
    <p className={`freshness source-${view.source}`} data-source={view.source}>
      {text}
      {refreshError && isRemote(view.environment) && <span className="refresh-error"> {refreshError}</span>}
    </p>
  );
}

function ListBody() {
  const view = useApp((state) => state.view);
  const loading = useApp((state) => state.loading);
  const listError = useApp((state) => state.listError);
  const filter = useApp((state) => state.filter);
  const setFilter = useApp((state) => state.setFilter);
  const reload = useApp((state) => state.reload);
  if (listError) {
    return (
      <div className="state-message" role="alert">
        <p>The animals could not be loaded: {listError}</p>
        <button type="button" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (!view)
    return (
      <p className="state-message" aria-busy={loading}>
        Loading animals…
      </p>
    );
  if (view.pets.length === 0 && view.unsynced.length === 0) {
    return filter.status === 'all' ? (
      <p className="state-message">No animals yet. Add the first one with the form.</p>
    ) : (
      <div className="state-message">
        <p>No {filter.status} animals.</p>
        <button type="button" onClick={() => setFilter({ status: 'all' })}>
          Show all animals
        </button>
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
