import { FALLBACK_FOCUS_ID } from './components/use-modal';

/**
 * A focused control that the data takes off the page (a row's button once main has answered, a row
 * that left the view) leaves the focus on the page body, where a keyboard user is lost; the
 * browser says nothing of it (no blur on removal). After each change to the page, focus that fell
 * that way goes to the nearest `data-focus-home` it was in (the list), else to the main content.
 * Returns the stop.
 */
export function keepFocusOnThePage(): () => void {
  let focused: Element | null = document.activeElement;
  let home: Element | null = null;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target as Element;
    home = focused.parentElement?.closest('[data-focus-home]') ?? null;
  };
  const observer = new MutationObserver(() => {
    if (document.activeElement !== document.body || focused === null || focused.isConnected) return;
    focused = null;
    const target = home?.isConnected ? home : document.getElementById(FALLBACK_FOCUS_ID);
    (target as HTMLElement | null)?.focus({ preventScroll: true });
  });
  document.addEventListener('focusin', onFocusIn);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
