/**
 * The app's commands with their keyboard shortcuts, in Electron's accelerator syntax. The native
 * menu shows them (main builds it from this list) and the renderer acts on the keys, so a shortcut
 * is declared once and works the same in the window and in the browser harness.
 */
export const COMMANDS = {
  'sync-now': { label: 'Sync now', keys: ['CmdOrCtrl+R', 'F5'] },
  'new-animal': { label: 'New animal', keys: ['CmdOrCtrl+N'] },
  'import-animals': { label: 'Import animals from CSV…', keys: ['CmdOrCtrl+O'] },
  'export-animals': { label: 'Export animals to CSV…', keys: ['CmdOrCtrl+S'] },
  'export-register': { label: 'Export the register…', keys: ['CmdOrCtrl+Shift+E'] },
  // On the animals screen: cards, labels or the stock list; on the Week screen: the week.
  'print-paper': { label: 'Print…', keys: ['CmdOrCtrl+P'] },
  'filter-animals': { label: 'Find animals', keys: ['CmdOrCtrl+F'] },
  'show-animals': { label: 'Animals', keys: ['CmdOrCtrl+Shift+A'] },
  'show-week': { label: 'Week at a glance', keys: ['CmdOrCtrl+Shift+G'] },
  'show-settings': { label: 'Settings', keys: ['CmdOrCtrl+,'] },
  'use-local': { label: 'Local store', keys: ['CmdOrCtrl+1'] },
  'use-production': { label: 'Production', keys: ['CmdOrCtrl+2'] },
  'use-staging': { label: 'Staging', keys: ['CmdOrCtrl+3'] },
  'sign-in': { label: 'Sign in at the counter…', keys: ['CmdOrCtrl+L'] },
  'save-support-bundle': { label: 'Save a support bundle…', keys: [] },
} as const satisfies Record<string, { label: string; keys: readonly string[] }>;

export type CommandId = keyof typeof COMMANDS;
export const COMMAND_IDS = Object.keys(COMMANDS) as CommandId[];

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

function matches(accelerator: string, press: KeyPress, mac: boolean): boolean {
  const parts = accelerator.split('+');
  const key = parts.pop()!;
  const wants = (modifier: string) => parts.includes(modifier);
  const commandKey = mac ? press.metaKey : press.ctrlKey;
  const otherKey = mac ? press.ctrlKey : press.metaKey;
  return (
    press.key.toLowerCase() === key.toLowerCase() &&
    commandKey === wants('CmdOrCtrl') &&
    !otherKey &&
    press.shiftKey === wants('Shift') &&
    press.altKey === wants('Alt')
  );
}

/** The command a key press means, if any (on macOS Cmd plays the part of Ctrl). */
export function commandForKey(press: KeyPress, mac: boolean): CommandId | undefined {
  return COMMAND_IDS.find((id) => COMMANDS[id].keys.some((accelerator) => matches(accelerator, press, mac)));
}

/**
 * Keys that act on the row of the list that has the focus, beside its one-letter keys (A, P, S,
 * E, H). Not the menu's: a menu accelerator would fire while a person types a capital S elsewhere.
 */
export const ROW_COMMANDS = {
  sell: { label: 'Sell…', key: 'Shift+S' },
} as const satisfies Record<string, { label: string; key: string }>;
export type RowCommandId = keyof typeof ROW_COMMANDS;

/** The row command a key press on a row means, if any. */
export function rowCommandForKey(press: KeyPress, mac: boolean): RowCommandId | undefined {
  return (Object.keys(ROW_COMMANDS) as RowCommandId[]).find((id) => matches(ROW_COMMANDS[id].key, press, mac));
}

/** How a shortcut reads on this platform, e.g. "Ctrl+R" or "⌘R". */
export function shortcutLabel(accelerator: string, mac: boolean): string {
  return mac ? accelerator.replace('CmdOrCtrl+', '⌘').replace('Shift+', '⇧') : accelerator.replace('CmdOrCtrl', 'Ctrl');
}

/** The same shortcuts in the words of the aria-keyshortcuts attribute, e.g. "Control+R F5". */
export function ariaKeyShortcuts(accelerators: readonly string[], mac: boolean): string {
  return accelerators.map((accelerator) => accelerator.replace('CmdOrCtrl', mac ? 'Meta' : 'Control')).join(' ');
}
