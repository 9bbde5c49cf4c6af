import { call } from './api';

/**
 * Tells main whether a dialog is open in the window (a person in the middle of something): main
 * installs no update at a quit while one is. Every dialog of the window is a native <dialog>
 * (use-modal.ts), so one observer of the document sees them all, whoever opens them.
 */
export function reportOpenDialogs(root: Document): () => void {
  let told = false;
  const tell = () => {
    const open = root.querySelector('dialog[open]') !== null;
    if (open === told) return;
    told = open;
    // Told again at the next change if main did not hear it.
    call('windowDialogs', { open }).catch(() => (told = !open));
  };
  const observer = new MutationObserver(tell);
  observer.observe(root.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  tell();
  return () => observer.disconnect();
}
