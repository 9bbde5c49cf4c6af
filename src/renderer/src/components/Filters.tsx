import { COMMANDS, shortcutLabel } from '../../../shared/commands';
import {
  ANIMAL_SORTS,
  looksLikeMicrochip,
  PET_STATUSES,
  personFieldsTakenBy,
  SEARCH_MAX_LENGTH,
  SEXES,
  type AnimalSort,
  type EnvironmentName,
  type PersonFieldName,
} from '../../../shared/contract';
import { isMac } from '../format';
import type { Filter } from '../list-filter';
import { useWindowState } from '../window-state';
import { focusFoundAnimal } from './AnimalsTable';

export const SEARCH_FIELD_ID = 'find-by-name';
const CHOICES: ReadonlyArray<Filter['status']> = ['all', ...PET_STATUSES];
const SORT_LABELS: Record<AnimalSort, string> = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name' };
const count = new Intl.NumberFormat();
const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** Whether `environment` keeps `field`: its filters and what its search finds follow. */
const keeps = (environment: EnvironmentName | null, field: PersonFieldName) =>
  environment !== null && personFieldsTakenBy(environment).includes(field);

/** What the search box finds in `environment`: the local store's details too. */
const searchHint = (environment: EnvironmentName | null) =>
  keeps(environment, 'microchip') ? 'Name, species, breed, microchip' : 'Any part of a name';

interface FilterProps {
  environment: EnvironmentName | null;
  filter: Filter;
  setFilter(change: Partial<Filter>): void;
}

/** The sex, beside the status, where the environment keeps it. */
function SexFilter({ environment, filter, setFilter }: FilterProps) {
  if (!keeps(environment, 'sex')) return null;
  return (
    <div className="field sex-filter">
      <label htmlFor="sex-filter">
        <span className="visually-hidden">Show by </span>Sex
      </label>
      <select
        id="sex-filter"
        value={filter.sex}
        onChange={(event) => setFilter({ sex: event.target.value as Filter['sex'] })}
      >
        <option value="all">Any sex</option>
        {SEXES.map((sex) => (
          <option key={sex} value={sex}>
            {capital(sex)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Under treatment", beside the order, where the environment keeps treatments. */
function TreatmentFilter({ environment, filter, setFilter }: FilterProps) {
  if (!keeps(environment, 'treatment')) return null;
  return (
    <label className="segment treatment-filter">
      <input
        type="checkbox"
        checked={filter.underTreatment}
        onChange={(event) => setFilter({ underTreatment: event.target.checked })}
      />
      <span>Under treatment</span>
    </label>
  );
}

/**
 * Find by name, order, status (with how many each choice holds) and the details; all live in the
 * app store, so they outlast a trip to Settings. In the page in the order they are seen, line by
 * line at every size, so Tab goes as the eye does.
 */
export function Filters() {
  const environment = useWindowState((state) => state.environment);
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
          placeholder={searchHint(environment)}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setFilter({ search: event.target.value })}
          onKeyDown={(event) => {
            // What the field holds now: keys may come faster than the window draws (a scanner).
            const typed = event.currentTarget.value;
            if (event.key === 'Escape' && typed !== '') {
              event.preventDefault();
              setFilter({ search: '' });
            }
            // A microchip number typed or scanned (a reader ends it with Enter): to the animal it found.
            if (event.key === 'Enter' && looksLikeMicrochip(typed)) {
              event.preventDefault();
              focusFoundAnimal(typed);
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
      <TreatmentFilter environment={environment} filter={filter} setFilter={setFilter} />
      <div className="filter-row">
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
        <SexFilter environment={environment} filter={filter} setFilter={setFilter} />
      </div>
    </div>
  );
}
