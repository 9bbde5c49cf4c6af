import type { RefObject } from 'react';
import type { CategoryName } from '../../../shared/contract';
import { categoryIdOf, STATUS_CHOICES, type FieldErrors, type PetDraft, type PetField } from '../pet-form';

interface Props {
  idPrefix: string;
  draft: PetDraft;
  errors: FieldErrors;
  onChange(field: PetField, value: string): void;
  nameRef?: RefObject<HTMLInputElement | null>;
  /** The environment's named categories: offered as a pick list, searchable by name or id. */
  categories: readonly CategoryName[];
}

const STATUS_LABELS = { available: 'Available', pending: 'Pending', sold: 'Sold' } as const;

/** Enter submits from every field: the list of statuses, and the category's pick list too. */
const submitOnEnter = (event: React.KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
  if (event.key !== 'Enter') return;
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

/** Name, category and status, each with its message under it (announced when it appears). */
export function PetFields({ idPrefix, draft, errors, onChange, nameRef, categories }: Props) {
  const field = (name: PetField, label: string, input: React.ReactNode, hint = '') => (
    <div className={`field${errors[name] ? ' invalid' : ''}`}>
      <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
      {input}
      <p id={`${idPrefix}-${name}-error`} className={errors[name] ? 'field-error' : 'hint'} aria-live="polite">
        {errors[name] ?? hint}
      </p>
    </div>
  );
  const aria = (name: PetField) => ({
    id: `${idPrefix}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idPrefix}-${name}-error`,
  });
  const listId = `${idPrefix}-categories`;
  return (
    <>
      {field(
        'name',
        'Name',
        <input
          {...aria('name')}
          ref={nameRef}
          value={draft.name}
          autoComplete="off"
          maxLength={400}
          onChange={(e) => onChange('name', e.target.value)}
        />,
      )}
      {field(
        'categoryId',
        'Category',
        <>
          <input
            {...aria('categoryId')}
            value={draft.categoryId}
            list={categories.length > 0 ? listId : undefined}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onChange('categoryId', e.target.value)}
            onKeyDown={submitOnEnter}
          />
          {categories.length > 0 && (
            <datalist id={listId}>
              {categories.map(({ categoryId, name }) => (
                <option key={categoryId} value={categoryId} label={`${name} (${categoryId})`}>
                  {`${name} (${categoryId})`}
                </option>
              ))}
            </datalist>
          )}
        </>,
        categoryHint(draft.categoryId, categories),
      )}
      {field(
        'status',
        'Status',
        <select
          {...aria('status')}
          value={draft.status}
          onChange={(e) => onChange('status', e.target.value)}
          onKeyDown={submitOnEnter}
        >
          {STATUS_CHOICES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
          <option value="">No status (matches no filter)</option>
        </select>,
      )}
    </>
  );
}
