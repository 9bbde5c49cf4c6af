import type { Ref } from 'react';
import { MANAGER_PIN_DIGITS } from '../../../shared/contract';

/** The manager's PIN as typed: masked, digits on a number pad, never kept by the browser's password store. */
export function PinField(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** What is wrong, shown as the field's error; else `note`, as its hint. */
  problem: string;
  note?: string;
  /** "off" to enter a PIN, "new-password" to set one (no password manager offers a saved one). */
  autoComplete: 'off' | 'new-password';
  inputRef?: Ref<HTMLInputElement>;
  /** Keys typed now go nowhere (while main makes the next try wait): the field keeps the focus. */
  readOnly?: boolean;
}) {
  const noteId = `${props.id}-note`;
  return (
    <div className={`field${props.problem ? ' invalid' : ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        ref={props.inputRef}
        id={props.id}
        type="password"
        inputMode="numeric"
        autoComplete={props.autoComplete}
        maxLength={MANAGER_PIN_DIGITS.max}
        value={props.value}
        readOnly={props.readOnly}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={noteId}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p id={noteId} className={props.problem || !props.note ? 'field-error' : 'hint'} aria-live="polite">
        {props.problem || props.note}
      </p>
    </div>
  );
}
