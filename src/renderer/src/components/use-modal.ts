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
    return () => {
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
