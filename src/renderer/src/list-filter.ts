// Which animals the list shows: a status, a search, an order, and the details filtered by; kept
// in the window's state across screens.
import {
  personFieldsTakenBy,
  type AnimalSort,
  type EnvironmentName,
  type PetStatus,
  type Sex,
} from '../../shared/contract';

export interface Filter {
  status: PetStatus | 'all';
  search: string;
  sort: AnimalSort;
  /** Filters of the details, used where the environment takes the field. */
  sex: Sex | 'all';
  underTreatment: boolean;
}

/** The filter as the animals query says it: the details' only where `environment` takes them. */
export function filterQuery(filter: Filter, environment: EnvironmentName) {
  const taken = personFieldsTakenBy(environment);
  return {
    ...(filter.status === 'all' ? {} : { status: filter.status }),
    ...(filter.search.trim() === '' ? {} : { search: filter.search }),
    ...(filter.sex !== 'all' && taken.includes('sex') ? { sex: filter.sex } : {}),
    ...(filter.underTreatment && taken.includes('treatment') ? { underTreatment: true } : {}),
  };
}

/** Whether the filter shows fewer than every animal of `environment`. */
export const isFiltered = (filter: Filter, environment: EnvironmentName) =>
  Object.keys(filterQuery(filter, environment)).length > 0;
