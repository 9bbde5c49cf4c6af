import { COMMANDS, type CommandId } from '../../shared/commands';

/** A menu entry as plain data; the shell turns `command` and `action` into click handlers. */
export interface MenuEntry {
  label?: string;
  role?: string;
  type?: 'separator';
  accelerator?: string;
  /** The renderer handles the key itself; the menu only shows it (see src/shared/commands.ts). */
  registerAccelerator?: false;
  command?: CommandId;
  action?: 'show-logs' | 'about';
  submenu?: MenuEntry[];
}

const command = (id: CommandId): MenuEntry => ({
  label: COMMANDS[id].label,
  accelerator: COMMANDS[id].keys[0],
  registerAccelerator: false,
  command: id,
});
const separator: MenuEntry = { type: 'separator' };

/**
 * The native menu. No reload or developer tools outside development: Ctrl/Cmd+R and F5 mean
 * "sync now" here, and a packaged app has no business opening devtools.
 */
export function appMenuTemplate({ mac, development }: { mac: boolean; development: boolean }): MenuEntry[] {
  return [
    ...(mac ? [{ role: 'appMenu' }] : []),
    {
      label: '&File',
      submenu: [
        command('new-animal'),
        command('import-animals'),
        command('export-animals'),
        command('export-register'),
        command('print-paper'),
        separator,
        command('sign-in'),
        command('show-settings'),
        separator,
        { role: mac ? 'close' : 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        command('show-animals'),
        command('show-week'),
        command('filter-animals'),
        separator,
        ...(development
          ? [{ role: 'reload', accelerator: 'CmdOrCtrl+Shift+R' }, { role: 'toggleDevTools' }, separator]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    { label: '&Environment', submenu: [command('use-local'), command('use-production'), command('use-staging')] },
    { label: '&Sync', submenu: [command('sync-now')] },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Show logs', action: 'show-logs' },
        command('save-support-bundle'),
        ...(mac ? [] : [{ label: 'About Petstore Desk', action: 'about' } as const]),
      ],
    },
  ];
}
