import type { InventoryView, RemoteEnvironment, ServerStatus } from '../../../shared/contract';
import type { ReactNode } from 'react';
import { ENVIRONMENT_LABELS } from '../format';
import { problemSentence } from '../server-words';
import { filterQuery, isFiltered, type Filter } from '../list-filter';
import { isRemote, useWindowState, type AnimalList } from '../window-state';
import { AddAnimalForm } from './AddAnimalForm';
import { AnimalFiles } from './AnimalFiles';
import { AnimalsTable } from './AnimalsTable';
import { useRowDialogs } from './RowDialogs';
import { ColumnChooser } from './ColumnChooser';
import { Filters } from './Filters';
import { FindByNumber } from './FindByNumber';
import { MarkedBar } from './MarkedBar';
import { Time } from './Time';
import { ToastRoom } from './ToastRoom';

const count = new Intl.NumberFormat();
/** Every animal: no status, search or detail filtered by (the order stays). */
const UNFILTERED: Partial<Filter> = { status: 'all', search: '', sex: 'all', underTreatment: false };

/** How much of the server's list this computer has, in words: never a claim of contact that did not happen. */
function inventoryText(server: string, inventory: InventoryView, listedAt: string | null): ReactNode {
  const animals = `${count.format(inventory.animals)} animal${inventory.animals === 1 ? '' : 's'}`;
  const why = inventory.problem ? ` ${problemSentence(inventory.problem)}` : '';
  switch (inventory.state) {
    case 'walking':
      return `Bringing in every animal ${server} lists: ${animals} so far…`;
    case 'complete': {
      const at = inventory.finishedAt ?? listedAt;
      return at === null ? (
        `Every animal ${server} lists.`
      ) : (
        <>
          Every animal {server} lists, as listed <Time iso={at} />.
        </>
      );
    }

    case 'interrupted':
      return inventory.animals === 0
        ? `${server}'s list could not be read yet; it is asked for again at the next sync.${why}`
        : `${server}'s list was read in part (${animals}); it continues from there at the next sync.${why}`;
    case 'first_pages_only':
      return `${server} shows only its first 100 animals per filter, so some of its animals may not be here.${why}`;
    case 'never':
      return listedAt === null ? (
        `Nothing has been listed by ${server} yet.`
      ) : (
        <>
          As {server} last listed them, <Time iso={listedAt} />.
        </>
      );
  }
}

/** Where the rows on screen come from, and how complete they are. */
function Freshness() {
  const list = useWindowState((state) => state.list);
  const environment = useWindowState((state) => state.environment);
  const status = useWindowState((state) =>
    isRemote(state.environment) ? state.servers[state.environment] : undefined,
  );
  if (!list || environment === null) return null;
  if (!isRemote(environment)) {
    return (
      <p className="freshness source-local" data-source="local">
        Kept on this computer.
      </p>
    );
  }
  const inventory = status?.inventory ?? list.inventory;
  return (
    <p
      className={`freshness inventory-${inventory?.state ?? 'never'}`}
      data-inventory={inventory?.state}
      aria-live="polite"
    >
      {inventory ? inventoryText(ENVIRONMENT_LABELS[environment], inventory, list.listedAt) : null}
    </p>
  );
}

/** What an empty list means, from what is known: an empty store, a server never listed (and why), or a filter with no match. */
function emptyListText(
  environment: 'local' | RemoteEnvironment,
  list: AnimalList,
  status: ServerStatus | undefined,
  filter: Filter,
  refreshing: boolean,
): string {
  const { status: which, sex, underTreatment } = filterQuery(filter, environment);
  // "pending female animals under treatment named like “rex”"
  const some = [which, sex, 'animals'].filter((word) => word !== undefined).join(' ');
  const named = `${underTreatment ? ' under treatment' : ''}${filter.search.trim() === '' ? '' : ` named like “${filter.search.trim()}”`}`;
  if (!isRemote(environment))
    return !isFiltered(filter, environment)
      ? 'No animals yet. Add the first one with the form.'
      : `No ${some}${named}.`;
  const server = ENVIRONMENT_LABELS[environment];
  const inventory = status?.inventory ?? list.inventory;
  if (list.listedAt === null && inventory?.state !== 'complete') {
    const notYet = `${server} has not listed its animals to this computer yet`;
    if (refreshing) return `${notYet}: asking it now.`;
    return status?.problem ? `${notYet}. ${problemSentence(status.problem)}` : `${notYet}.`;
  }
  return inventory?.state === 'complete'
    ? `${server} has no ${some}${named}.`
    : `No ${some}${named} among those ${server} last listed.`;
}

function ListBody() {
  const list = useWindowState((state) => state.list);
  const environment = useWindowState((state) => state.environment);
  const loading = useWindowState((state) => state.loading);
  const refreshing = useWindowState((state) => state.refreshing);
  const listError = useWindowState((state) => state.listError);
  const filter = useWindowState((state) => state.filter);
  const status = useWindowState((state) =>
    isRemote(state.environment) ? state.servers[state.environment] : undefined,
  );
  const setFilter = useWindowState((state) => state.setFilter);
  const reload = useWindowState((state) => state.reload);
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
  if (!list || environment === null) {
    return (
      <p className="state-message" aria-busy={loading}>
        Loading animals…
      </p>
    );
  }
  if (list.total === 0) {
    return (
      <div className="state-message" data-testid="empty-list">
        <p>{emptyListText(environment, list, status, filter, refreshing)}</p>
        {isFiltered(filter, environment) && (
          <button type="button" onClick={() => setFilter(UNFILTERED)}>
            Show all animals
          </button>
        )}
        <DialogsWithoutRows />
      </div>
    );
  }
  return <AnimalsTable key={environment} list={list} />;
}

/** The list's dialogs with no row drawn: an animal opened from outside the list (a scan, Find by number) still opens. */
function DialogsWithoutRows() {
  return <>{useRowDialogs().dialogs}</>;
}

export function AnimalsScreen() {
  const environment = useWindowState((state) => state.environment);
  return (
    <div className="animals-screen">
      <section className="list-pane" aria-labelledby="list-title">
        <div className="list-head">
          <h2 id="list-title">Animals</h2>
          <div className="list-actions">
            {environment !== null && <ColumnChooser environment={environment} />}
            <AnimalFiles />
          </div>
        </div>
        <Filters />
        <Freshness />
        <ListBody />
        {environment !== null && <MarkedBar environment={environment} />}
        <ToastRoom />
      </section>
      <aside className="side-pane">
        <AddAnimalForm />
        <FindByNumber />
      </aside>
    </div>
  );
}
