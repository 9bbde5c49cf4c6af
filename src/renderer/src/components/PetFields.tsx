import type { RefObject } from 'react';
import { STATUS_CHOICES, type FieldErrors, type PetDraft, type PetField } from '../pet-form';

interface Props {
  idPrefix: string;
  draft: PetDraft;
  errors: FieldErrors;
  onChange(field: PetField, value: string): void;
  nameRef?: RefObject<HTMLInputElement | null>;
}

/** Name, category id and status, each with its message under it (announced when it appears). */
export function PetFields({ idPrefix, draft, errors, onChange, nameRef }: Props) {
  const field = (name: PetField, label: string, input: React.ReactNode) => (
    <div className={`field${errors[name] ? ' invalid' : ''}`}>
      <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
      {input}
      <p id={`${idPrefix}-${name}-error`} className="field-error" aria-live="polite">
        {errors[name] ?? ''}
      </p>
    </div>
  );
  const aria = (name: PetField) => ({
    id: `${idPrefix}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idPrefix}-${name}-error`,
  });
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
        'Category id',
        <input
          {...aria('categoryId')}
          value={draft.categoryId}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => onChange('categoryId', e.target.value)}
        />,
      )}
      {field(
        'status',
        'Status',
        <select
          {...aria('status')}
          value={draft.status}
          onChange={(e) => onChange('status', e.target.value)}
          onKeyDown={(e) => {
            // Enter submits from every field, the list of statuses included.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }}
        >
          <option value="">No status</option>
          {STATUS_CHOICES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>,
      )}
    </>
  );
}
