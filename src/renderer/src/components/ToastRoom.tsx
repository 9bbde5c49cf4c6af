// Toasts never cover the work. On the animals screen they sit at the foot of the list pane, in a
// room the pane makes for them while they show (its list is shorter meanwhile: every row can still
// be scrolled to, none is under a toast); elsewhere, at the window's bottom left.
import { useEffect } from 'react';

/** A toast is at most this wide, however wide the list. */
const WIDEST_TOAST_PX = 480;
/** Between the list and the toasts, and room for a toast's close button, which sits on its corner. */
const CLEARANCE_PX = 10;

let placeSoon = () => {};

/** How tall the stack of toasts shown is: the front one, and a strip of each one behind it. */
function stackHeight(host: Element): number {
  const toaster = host.querySelector<HTMLElement>('[data-sonner-toaster]');
  const shown = host.querySelectorAll('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])').length;
  if (toaster === null || shown === 0) return 0;
  const front = parseFloat(toaster.style.getPropertyValue('--front-toast-height')) || 0;
  const gap = parseFloat(toaster.style.getPropertyValue('--gap')) || 0;
  return front + (shown - 1) * gap;
}

/**
 * Keeps the root's --toast-room (read by the room) and --toast-left, --toast-bottom, --toast-width
 * (read by the Toaster) up to date as the toasts in `host` come and go and the window changes.
 */
export function keepToastsBesideTheWork(host: Element): () => void {
  const root = document.documentElement.style;
  let frame = 0;
  const place = () => {
    frame = 0;
    const height = stackHeight(host);
    const before = root.getPropertyValue('--toast-room');
    root.setProperty('--toast-room', `${height === 0 ? 0 : height + CLEARANCE_PX}px`);
    // The list just got shorter: the row the person is on stays in sight.
    const focused = document.activeElement;
    if (before !== root.getPropertyValue('--toast-room') && focused?.closest('.list-scroll'))
      requestAnimationFrame(() => focused.scrollIntoView({ block: 'nearest' }));
    const room = document.querySelector('.toast-room');
    if (room === null) {
      for (const name of ['--toast-left', '--toast-bottom', '--toast-width']) root.removeProperty(name);
      return;
    }
    const box = room.getBoundingClientRect();
    root.setProperty('--toast-left', `${box.left}px`);
    // Never below the window's edge, whatever the screen's words push the room down to.
    root.setProperty('--toast-bottom', `${Math.max(CLEARANCE_PX, window.innerHeight - box.bottom)}px`);
    root.setProperty('--toast-width', `${Math.min(box.width, WIDEST_TOAST_PX)}px`);
  };
  placeSoon = () => {
    if (frame === 0) frame = requestAnimationFrame(place);
  };
  const toasts = new MutationObserver(() => placeSoon());
  toasts.observe(host, { subtree: true, childList: true, attributes: true });
  window.addEventListener('resize', placeSoon);
  place();
  return () => {
    cancelAnimationFrame(frame);
    toasts.disconnect();
    window.removeEventListener('resize', placeSoon);
    placeSoon = () => {};
  };
}

/** Where the toasts sit on this screen: as tall as they are while they show, else nothing. */
export function ToastRoom() {
  useEffect(() => {
    placeSoon();
    return () => placeSoon();
  }, []);
  return <div className="toast-room" aria-hidden="true" />;
}
