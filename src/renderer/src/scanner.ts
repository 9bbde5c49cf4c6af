import { toast } from 'sonner';
import { ENVIRONMENT_LABELS, type EnvironmentName } from '../../shared/contract';
import { call, messageOf } from './api';
import { SEARCH_FIELD_ID } from './components/Filters';
import { useOpenAnimal } from './open-animal';
import { createScanDetector, type KeyPlace, type Scan } from './scan-detector';
import { useWindowState } from './window-state';

type Field = HTMLInputElement | HTMLTextAreaElement;
const isField = (element: Element | null): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/** Where a key lands: the search field (a scan there is taken back), any other field (typing), or none. */
function placeOf(target: EventTarget | null): KeyPlace {
  const element = target instanceof HTMLElement ? target : null;
  if (element === null) return 'elsewhere';
  if (element.id === SEARCH_FIELD_ID && isField(element)) return 'field';
  const editing = element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName);
  return editing ? 'typing' : 'elsewhere';
}

/** A controlled field's text set as typing would set it, so the page's state follows. */
function setFieldText(field: Field, text: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const noDialogOpen = async () => {
  while (document.querySelector('dialog[open]') !== null) await new Promise((resolve) => setTimeout(resolve, 100));
};

/**
 * Whether the window shows another environment than the one a scan was made in: the scan is not
 * opened there, and the person is told so (it would otherwise be lost without a word).
 */
function movedOn({ text, environment }: { text: string; environment: EnvironmentName }): boolean {
  const shown = useWindowState.getState().environment;
  if (shown === environment) return false;
  const now = shown === null ? 'another screen' : ENVIRONMENT_LABELS[shown];
  toast(
    `Scanned ${text} in ${ENVIRONMENT_LABELS[environment]}, not opened: the window shows ${now} now. Go back to ${ENVIRONMENT_LABELS[environment]} and scan it again.`,
  );
  return true;
}

/**
 * A keyboard-wedge scanner with no field focused, or in the search field: the animal its code
 * names (label code, microchip or number) is found and opened; what it typed into the search is
 * taken back. In any other field (the add form's name, a PIN) it is typing. Scans are kept in order and opened one at a time, each once
 * no dialog is open: none is lost, and none acts on a row (the animal is found by what was
 * scanned, not by where the focus is).
 */
export function listenForScans(): () => void {
  const detector = createScanDetector<EventTarget | null>();
  const waiting: Array<Scan<EventTarget | null> & { environment: EnvironmentName }> = [];
  let opening = false;

  const openInTurn = async () => {
    if (opening) return;
    opening = true;
    try {
      for (let scan = waiting.shift(); scan !== undefined; scan = waiting.shift()) {
        const { environment } = scan;
        if (movedOn(scan)) continue;
        try {
          const { pet } = await call('findAnimal', { environment, text: scan.text });
          await noDialogOpen();
          if (movedOn(scan)) continue;
          await useWindowState.getState().showScreen('animals');
          useOpenAnimal.getState().open({ pet, scanned: true });
        } catch (error) {
          toast.error(`Scanned ${scan.text} in ${ENVIRONMENT_LABELS[environment]}: ${messageOf(error)}`);
        }
      }
    } finally {
      opening = false;
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return detector.other();
    const place = placeOf(event.target);
    if (event.key === 'Enter') {
      const scan = detector.enter(event.timeStamp, event.target);
      const { environment } = useWindowState.getState();
      if (scan === null || environment === null) return;
      // The scanner's Enter: not the row's correction, the form's submit nor the button's click.
      event.preventDefault();
      event.stopPropagation();
      if (scan.place === 'field' && isField(scan.target as Element))
        setFieldText(scan.target as Field, scan.valueBefore);
      waiting.push({ ...scan, environment });
      return void openInTurn();
    }
    if (event.key.length === 1) {
      const value = isField(event.target as Element) ? (event.target as Field).value : '';
      if (detector.printable(event.key, event.shiftKey, event.timeStamp, place, event.target, value) === 'hold') {
        event.preventDefault();
        event.stopPropagation();
      }
      return;
    }
    if (event.key !== 'Shift') detector.other(); // a scanner's capitals come with Shift
  };
  window.addEventListener('keydown', onKeyDown, { capture: true });
  return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
}
