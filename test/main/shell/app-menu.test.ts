import { describe, expect, it } from 'vitest';
import { appMenuTemplate, type MenuEntry } from '../../../src/main/shell/app-menu';
import {
  ariaKeyShortcuts,
  COMMAND_IDS,
  COMMANDS,
  commandForKey,
  shortcutLabel,
  type KeyPress,
} from '../../../src/shared/commands';

const flatten = (entries: MenuEntry[]): MenuEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.submenu ?? [])]);
const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('the native menu', () => {
  for (const mac of [false, true]) {
    it(`has no reload or devtools in a packaged build (${mac ? 'macOS' : 'Windows/Linux'})`, () => {
      const roles = flatten(appMenuTemplate({ mac, development: false })).map((entry) => entry.role);
      expect(roles).not.toContain('reload');
      expect(roles).not.toContain('forceReload');
      expect(roles).not.toContain('toggleDevTools');
    });
  }

  it('has reload (not on Ctrl+R) and devtools in development', () => {
    const entries = flatten(appMenuTemplate({ mac: false, development: true }));
    expect(entries.find((entry) => entry.role === 'reload')?.accelerator).toBe('CmdOrCtrl+Shift+R');
    expect(entries.map((entry) => entry.role)).toContain('toggleDevTools');
  });

  it('offers every command once, showing its first shortcut, and Help > Show logs', () => {
    const entries = flatten(appMenuTemplate({ mac: false, development: false }));
    const commands = entries.filter((entry) => entry.command);
    expect(commands.map((entry) => entry.command).sort()).toEqual([...COMMAND_IDS].sort());
    for (const entry of commands) {
      expect(entry.accelerator).toBe(COMMANDS[entry.command!].keys[0]);
      expect(entry.registerAccelerator).toBe(false); // the renderer acts on the key; the menu does not swallow it
    }
    expect(entries.some((entry) => entry.action === 'show-logs')).toBe(true);
  });

  it('offers Save a support bundle under Help, with no shortcut', () => {
    for (const mac of [false, true]) {
      const help = appMenuTemplate({ mac, development: false }).find((entry) => entry.role === 'help')!;
      expect(help.submenu!.find((entry) => entry.command === 'save-support-bundle')).toEqual({
        label: 'Save a support bundle…',
        accelerator: undefined,
        registerAccelerator: false,
        command: 'save-support-bundle',
      });
    }
  });
});

describe('keyboard shortcuts', () => {
  it('Ctrl+R and F5 mean sync now; Cmd+R on macOS', () => {
    expect(commandForKey(press('r', { ctrlKey: true }), false)).toBe('sync-now');
    expect(commandForKey(press('F5'), false)).toBe('sync-now');
    expect(commandForKey(press('F5'), true)).toBe('sync-now');
    expect(commandForKey(press('r', { metaKey: true }), true)).toBe('sync-now');
    expect(commandForKey(press('r', { ctrlKey: true }), true)).toBeUndefined();
  });

  it('needs the exact modifiers', () => {
    expect(commandForKey(press('r'), false)).toBeUndefined();
    expect(commandForKey(press('r', { ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
    expect(commandForKey(press('n', { ctrlKey: true, altKey: true }), false)).toBeUndefined();
    expect(commandForKey(press('N', { ctrlKey: true }), false)).toBe('new-animal');
    expect(commandForKey(press('A', { ctrlKey: true, shiftKey: true }), false)).toBe('show-animals');
    expect(commandForKey(press('2', { ctrlKey: true }), false)).toBe('use-production');
  });

  it('reads naturally on each platform, and for assistive technology', () => {
    expect(ariaKeyShortcuts(COMMANDS['sync-now'].keys, false)).toBe('Control+R F5');
    expect(ariaKeyShortcuts(COMMANDS['sync-now'].keys, true)).toBe('Meta+R F5');
    expect(shortcutLabel('CmdOrCtrl+R', false)).toBe('Ctrl+R');
    expect(shortcutLabel('CmdOrCtrl+Shift+A', true)).toBe('⌘⇧A');
  });

  it('no two commands share a shortcut', () => {
    const all = COMMAND_IDS.flatMap((id) => COMMANDS[id].keys);
    expect(new Set(all).size).toBe(all.length);
  });
});
