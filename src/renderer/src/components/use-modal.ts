import { useEffect, type RefObject } from 'react';

export interface ModalFocus {
  /** What takes the focus when it opens (Enter presses it, if a button). */
  initial: RefObject<HTMLElement | null>;
  /** Where the focus goes when it closes; by default back to what had it before, if that is still on the page. */
  returnTo?: () => HTMLElement | null;
}

/** The element the focus lands on when nothing better is on the page: the main content, never the body. */
export const FALLBACK_FOCUS_ID = 'main-content';

/**
 * A native <dialog> shown modal (the browser traps the focus, Escape cancels) whose focus is put
 * where the code says when it opens, and given back when it closes: to `returnTo`, else to the
 * control that opened it, else to the main content. A keyboard user never lands on the page body.
 */
export function useModal(dialog: RefObject<HTMLDialogElement | null>, { initial, returnTo }: ModalFocus): void {
  useEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    initial.current?.focus();
    element.addEventListener('keydown', keepTabInside);
    return () => {
      element.removeEventListener('keydown', keepTabInside);
      element.close();
      // After React has removed the dialog (and perhaps the row that opened it).
      queueMicrotask(() => {
        const candidates = [returnTo?.(), opener, document.getElementById(FALLBACK_FOCUS_ID)];
        const target = candidates.find((candidate) => candidate?.isConnected && candidate !== document.body);
        target?.focus();
      });
    };
    // Opened once per mount: the focus rules are those it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * The browser's modal dialog lets Tab go past its last control to the page behind, where the focus
 * lands on the body with the dialog still open: Tab and Shift+Tab go round the dialog's own
 * controls instead (not those of a dialog opened inside it, which goes round its own).
 */
function keepTabInside(event: KeyboardEvent): void {
  const element = event.currentTarget as HTMLDialogElement;
  const from = event.target as HTMLElement;
  if (event.key !== 'Tab' || from.closest('dialog') !== element) return;
  const controls = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (control) =>
      control.closest('dialog') === element && !control.matches(':disabled') && control.offsetParent !== null,
  );
  const first = controls[0];
  const last = controls.at(-1);
  const to = event.shiftKey ? (from === first ? last : null) : from === last ? first : null;
  if (!to) return;
  event.preventDefault();
  to.focus();
}
