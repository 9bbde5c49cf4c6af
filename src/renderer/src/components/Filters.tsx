import { COMMANDS, shortcutLabel } from '../../../shared/commands';
import { ANIMAL_SORTS, PET_STATUSES, SEARCH_MAX_LENGTH, type AnimalSort } from '../../../shared/contract';
import { isMac } from '../format';
import { useWindowState, type Filter } from '../window-state';

export const SEARCH_FIELD_ID = 'find-by-name';
const CHOICES: ReadonlyArray<Filter['status']> = ['all', ...PET_STATUSES];
const SORT_LABELS: Record<AnimalSort, string> = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name' };
const count = new Intl.NumberFormat();

/** Find by name, status (with how many each choice holds) and order; all live in the app store, so they outlast a trip to Settings. */
export function Filters() {
  const filter = useWindowState((state) => state.filter);
  const counts = useWindowState((state) => state.list?.counts);
  const setFilter = useWindowState((state) => state.setFilter);
  return (
    <div className="filters">
      <div className="field search-field">
        <label htmlFor={SEARCH_FIELD_ID}>
          Find by name <kbd>{shortcutLabel(COMMANDS['filter-animals'].keys[0], isMac)}</kbd>
        </label>
        <input
          id={SEARCH_FIELD_ID}
          type="search"
          value={filter.search}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Any part of a name"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setFilter({ search: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && filter.search !== '') {
              event.preventDefault();
              setFilter({ search: '' });
            }
          }}
        />
      </div>
      <div className="field sort-field">
        <label htmlFor="sort-animals">Order</label>
        <select
          id="sort-animals"
          value={filter.sort}
          onChange={(event) => setFilter({ sort: event.target.value as AnimalSort })}
        >
          {ANIMAL_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="status-filter">
        <legend>Status</legend>
        {CHOICES.map((status) => (
          <label key={status} className="segment">
            <input
              type="radio"
              name="status-filter"
              value={status}
              checked={filter.status === status}
              onChange={() => setFilter({ status })}
            />
            <span>
              {status === 'all' ? 'All' : status[0]!.toUpperCase() + status.slice(1)}
              {counts && <span className="count"> {count.format(counts[status])}</span>}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
