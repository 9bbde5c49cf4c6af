import type { ReactNode, RefObject } from 'react';
import { localToday, type CategoryName, type EnvironmentName } from '../../../shared/contract';
import {
  categoryIdOf,
  fieldOf,
  moreFields,
  shownFields,
  type FieldErrors,
  type PetDraft,
  type PetField,
} from '../pet-form';
import { useActiveCurrency } from '../active-currency';
import { ENVIRONMENT_LABELS } from '../format';
import { isRemote, useWindowState } from '../window-state';

interface Props {
  idPrefix: string;
  /** Whose form it is: it shows the fields the environment takes. */
  environment: EnvironmentName;
  draft: PetDraft;
  errors: FieldErrors;
  onChange(field: PetField, value: string): void;
  /** The first field (the name): where the focus goes. */
  nameRef?: RefObject<HTMLInputElement | null>;
  /** The environment's named categories: offered as a pick list, searchable by name or id. */
  categories: readonly CategoryName[];
  /**
   * The add form's: the fields declared `more` under a More details disclosure, open or not as
   * the person left it. Without it (a correction), every field, in two columns when there is room.
   */
  more?: { open: boolean; onToggle(open: boolean): void };
}

/** Enter submits from every field: a choice, and the category's pick list too. */
const submitOnEnter = (event: React.KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
};

/** In a field of several lines Enter starts a new line; Ctrl+Enter (⌘+Enter) submits. */
const submitOnCtrlEnter = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
};

/** What the category field stands for, beside it: "Dogs" for an id that has a name, "id 5" for a name typed. */
function categoryHint(typed: string, categories: readonly CategoryName[]): string {
  const text = typed.trim();
  if (text === '') return categories.length > 0 ? 'An id, or a name from the list' : '';
  const id = categoryIdOf(text, categories);
  if (id !== text) return `id ${id}`;
  const named = categories.find((category) => category.categoryId === id);
  return named ? named.name : '';
}

/** A choice as a person reads it: its declared words, or itself capitalised ("available" is "Available"). */
const choiceLabel = (choice: string, words: Readonly<Record<string, string>> = {}) =>
  words[choice] ?? choice[0]!.toUpperCase() + choice.slice(1);

/** One of our extension's details (a price, a breed…), which only some environments take. */
const isDetail = (name: PetField) => fieldOf(name).presence === 'ours';

/** A date field's example: the forms its hint gives after its colon ("2026-05-03, 2026-05, 2026"), else a day. */
const datePlaceholder = (hint: string | undefined) => hint?.split(': ').at(-1) ?? localToday();

/**
 * Each field the environment takes, from the animal's declaration (its label, its kind of input,
 * its longest input), with its message under it (announced when it appears).
 */
export function PetFields({ idPrefix, environment, draft, errors, onChange, nameRef, categories, more }: Props) {
  const currency = useActiveCurrency((state) => state.currency);
  // A server that does not take details (or has not said it does): they are kept on this computer.
  const keptHere = useWindowState(
    (state) => isRemote(environment) && state.servers[environment]?.details.server !== 'takes',
  );
  const keptHereNote = keptHere && (
    <p className="field-hint details-here-note" data-testid="details-here-note">
      Details beyond name, category and status are kept on this computer only: {ENVIRONMENT_LABELS[environment]}
      ’s server does not take them.
    </p>
  );
  const aria = (name: PetField, describedBy = '') => ({
    id: `${idPrefix}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${describedBy}${idPrefix}-${name}-error`,
  });
  const listId = `${idPrefix}-categories`;

  const input = (name: PetField, first: boolean) => {
    const { form, choices, presence, label } = fieldOf(name);
    const value = draft[name];
    const change = (event: { target: { value: string } }) => onChange(name, event.target.value);
    switch (form.input) {
      case 'text':
        return (
          <input
            {...aria(name)}
            ref={first ? nameRef : undefined}
            value={value}
            autoComplete="off"
            maxLength={form.maxLength}
            onChange={change}
          />
        );
      case 'lines':
        return (
          <textarea
            {...aria(name)}
            value={value}
            rows={1}
            maxLength={form.maxLength}
            onChange={change}
            onKeyDown={submitOnCtrlEnter}
          />
        );
      case 'category':
        return (
          <>
            <input
              {...aria(name)}
              value={value}
              list={categories.length > 0 ? listId : undefined}
              autoComplete="off"
              spellCheck={false}
              onChange={change}
              onKeyDown={submitOnEnter}
            />
            {categories.length > 0 && (
              <datalist id={listId}>
                {categories.map(({ categoryId, name: categoryName }) => (
                  <option key={categoryId} value={categoryId} label={`${categoryName} (${categoryId})`}>
                    {`${categoryName} (${categoryId})`}
                  </option>
                ))}
              </datalist>
            )}
          </>
        );
      case 'money':
        return (
          <span className="money-input">
            <input
              {...aria(name, `${idPrefix}-${name}-currency `)}
              value={value}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              maxLength={form.maxLength ?? 40}
              onChange={change}
            />
            <span id={`${idPrefix}-${name}-currency`} className="currency-code" title="The currency prices are in here">
              {currency}
            </span>
          </span>
        );
      case 'date':
        return (
          <input
            {...aria(name)}
            value={value}
            autoComplete="off"
            spellCheck={false}
            placeholder={datePlaceholder(form.hint)}
            maxLength={form.maxLength}
            onChange={change}
          />
        );
      case 'choice':
        return (
          <select {...aria(name)} value={value} onChange={change} onKeyDown={submitOnEnter}>
            {choices!.map((choice) => (
              <option key={choice} value={choice}>
                {choiceLabel(choice, form.choiceWords)}
              </option>
            ))}
            {presence !== 'required' && <option value="">{form.none ?? `No ${label.toLowerCase()}`}</option>}
          </select>
        );
    }
  };

  const field = (name: PetField, index: number): ReactNode => {
    const { form, label } = fieldOf(name);
    const hint = form.input === 'category' ? categoryHint(draft[name], categories) : (form.hint ?? '');
    return (
      <div key={name} className={`field field-${form.input}${errors[name] ? ' invalid' : ''}`} data-field={name}>
        <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
        {input(name, index === 0)}
        <p
          id={`${idPrefix}-${name}-error`}
          className={errors[name] ? 'field-error' : form.hint ? 'hint declared-hint' : 'hint'}
          aria-live="polite"
        >
          {errors[name] ?? hint}
        </p>
      </div>
    );
  };

  const shown = shownFields(environment, draft);
  const under = more === undefined ? [] : moreFields(environment);
  const inMore = shown.filter((name) => under.includes(name));
  const filled = inMore.filter((name) => draft[name].trim() !== '').length;
  return (
    <div className={`pet-fields${more ? '' : ' all'}${shown.some(isDetail) ? ' with-details' : ''}`}>
      <div className="pet-fields-grid">{shown.filter((name) => !under.includes(name)).map(field)}</div>
      {more && inMore.length > 0 && (
        <details
          className="more-details"
          open={more.open}
          onToggle={(event) => {
            if (event.currentTarget.open !== more.open) more.onToggle(event.currentTarget.open);
          }}
        >
          <summary>
            More details
            {filled > 0 && <span className="filled">{` (${filled} filled)`}</span>}
          </summary>
          <div className="pet-fields-grid">{inMore.map((name) => field(name, -1))}</div>
          {keptHereNote}
        </details>
      )}
      {!more && shown.some(isDetail) && keptHereNote}
    </div>
  );
}
