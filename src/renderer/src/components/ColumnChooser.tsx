import { useEffect, useRef, useState } from 'react';
import type { EnvironmentName } from '../../../shared/contract';
import { columnsOffered, useChosenColumns, useColumnsWithoutRoom } from '../list-columns';

/**
 * "Columns": a button, and under it a checkbox for each detail the list can show. Enter or Space
 * opens it (the focus on the first box), arrows or Tab move, Space ticks, Escape closes it and
 * gives the focus back to the button, as does a click elsewhere. A column chosen that the list has
 * no room for at its width says so beside it.
 */
export function ColumnChooser({ environment }: { environment: EnvironmentName }) {
  const [open, setOpen] = useState(false);
  const chosen = useChosenColumns((state) => state.chosen);
  const toggle = useChosenColumns((state) => state.toggle);
  const withoutRoom = useColumnsWithoutRoom((state) => state.without);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const offered = columnsOffered(environment);
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open]);
  if (offered.length === 0) return null;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const boxes = [...(panel.current?.querySelectorAll<HTMLInputElement>('input') ?? [])];
    const at = boxes.indexOf(document.activeElement as HTMLInputElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      return close();
    }
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    boxes[(at + move + boxes.length) % boxes.length]?.focus();
  };

  return (
    <div className="column-chooser">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="column-choices"
        onClick={() => setOpen(!open)}
      >
        Columns <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <fieldset
          id="column-choices"
          className="menu column-choices"
          ref={panel}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            const to = event.relatedTarget as Node | null;
            if (!panel.current?.contains(to) && to !== button.current) setOpen(false);
          }}
        >
          <legend className="visually-hidden">Columns shown in the list</legend>
          {offered.map((column) => {
            const noRoom = chosen.includes(column.id) && withoutRoom.includes(column.id);
            return (
              <label key={column.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(column.id)}
                  aria-describedby={noRoom ? `no-room-${column.id}` : undefined}
                  onChange={(event) => toggle(column.id, event.target.checked)}
                />
                {column.label}
                {noRoom && (
                  // Out of the box's name, in its description.
                  <span id={`no-room-${column.id}`} className="no-room" aria-hidden="true">
                    no room at this width
                  </span>
                )}
              </label>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
