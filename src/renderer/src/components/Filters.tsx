import { useState } from 'react';
import { COMMANDS, shortcutLabel } from '../../../shared/commands';
import { PAGE_LIMIT, PET_STATUSES } from '../../../shared/contract';
import { isMac } from '../format';
import { useApp, type Filter } from '../store';

export const STATUS_FILTER_ID = 'filter-status';
const CHOICES: ReadonlyArray<Filter['status']> = ['all', ...PET_STATUSES];

/** Status (all, available, pending, sold) and page size (1..100); both live in the app store, so they outlast a trip to Settings. */
export function Filters() {
  const filter = useApp((state) => state.filter);
  const setFilter = useApp((state) => state.setFilter);
  const [limitText, setLimitText] = useState(String(filter.limit));
  const limitValid =
    /^\d{1,3}$/.test(limitText) && Number(limitText) >= PAGE_LIMIT.min && Number(limitText) <= PAGE_LIMIT.max;
  return (
    <div className="filters">
      <fieldset className="status-filter">
        <legend>
          Status <kbd>{shortcutLabel(COMMANDS['filter-animals'].keys[0], isMac)}</kbd>
        </legend>
        {CHOICES.map((status, index) => (
          <label key={status} className="segment">
            <input
              type="radio"
              name="status-filter"
              id={index === 0 ? STATUS_FILTER_ID : undefined}
              value={status}
              checked={filter.status === status}
              onChange={() => setFilter({ status })}
            />
            <span>{status === 'all' ? 'All' : status[0]!.toUpperCase() + status.slice(1)}</span>
          </label>
        ))}
      </fieldset>
      <div className={`field page-size${limitValid ? '' : ' invalid'}`}>
        <label htmlFor="page-size">Per page</label>
        <input
          id="page-size"
          type="number"
          min={PAGE_LIMIT.min}
          max={PAGE_LIMIT.max}
          value={limitText}
          aria-invalid={limitValid ? undefined : true}
          aria-describedby="page-size-error"
          onChange={(event) => {
            setLimitText(event.target.value);
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= PAGE_LIMIT.min && value <= PAGE_LIMIT.max)
              setFilter({ limit: value });
          }}
        />
        <p id="page-size-error" className="field-error" aria-live="polite">
          {limitValid ? '' : `A number from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}`}
        </p>
      </div>
    </div>
  );
}
