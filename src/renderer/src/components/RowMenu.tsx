import { useEffect, useRef, useState } from 'react';

export interface MenuItem {
  label: string;
  /** The key that does the same on the selected row, shown beside the label; none for an action without one. */
  key?: string;
  onSelect(): void;
}

/**
 * A row's menu: a button, and a list of actions under it (WAI-ARIA menu button): arrows move,
 * Enter chooses, Escape closes and gives the focus back to the button.
 */
export function RowMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    event.stopPropagation(); // the list's own keys are not the menu's
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') return close();
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      entries[(at + move + entries.length) % entries.length]?.focus();
    }
  };
  return (
    <span className="row-menu">
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            event.stopPropagation();
            setOpen(true);
          }
        }}
      >
        ⋯
      </button>
      {open && (
        <ul
          className="menu"
          role="menu"
          aria-label={label}
          ref={menu}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!menu.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.label} {item.key && <kbd>{item.key}</kbd>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
