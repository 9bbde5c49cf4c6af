// The app's log names the command a command line ran by its command words only: what followed them
// (a path, a name, a search) may be a person's data and never reaches the log. The built command.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appLogFile } from '../../../src/main/config/app-log';
import { commandNamed } from '../../../src/main/cli/command-words';
import { useCli } from '../../helpers/cli';

describe('the command in the app log', () => {
  const { run, dataDir } = useCli();

  it('is its command words, never what followed them', async () => {
    expect((await run(['pets', 'add', '--name', 'Zorbulon Whiskerface', '--category', '1'])).code).toBe(0);
    expect((await run(['pets', 'list', '--search', 'Zorbulon'])).code).toBe(0);
    expect((await run(['backup', '--env', 'local'])).code).toBe(0);
    const commands = readFileSync(appLogFile(dataDir()), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; command?: string })
      .filter(({ msg }) => msg === 'cli command')
      .map(({ command }) => command);
    expect(commands).toEqual(['pets add', 'pets list', 'backup']);
    expect(readFileSync(appLogFile(dataDir()), 'utf8')).not.toMatch(/Zorbulon/);
  });

  it('stops at the first word that is not a command word', () => {
    expect(commandNamed(['backup', '/media/usb'])).toBe('backup');
    expect(commandNamed(['pets', 'show', '12'])).toBe('pets show');
    expect(commandNamed(['doctor', 'bella'])).toBe('doctor');
    expect(commandNamed(['--help'])).toBe('(no command)');
    expect(commandNamed(['Bella', 'pets'])).toBe('(no command)');
  });
});
