import { USAGE } from './usage';

/** Commands without a second word: `backup --out DIR`, not `backup something`. */
const ONE_WORD = new Set(['backup', 'restore', 'doctor', 'sync', 'register']);

/** The help's first column of a command line (`  pets list [--status S] ...`), its alternatives joined (`a|b`). */
const commandColumn = (line: string) =>
  line
    .slice(2)
    .split(/\s{2,}/)[0]!
    .replace(/\s*\|\s*/g, '|');

/**
 * What a usage error prints after its message: the help's line(s) of the command the line names,
 * and where the rest is, so the message stays on screen.
 */
export function commandUsage([group = '', name = '']: readonly string[]): string {
  const lines = USAGE.split('\n')
    .filter((line) => /^ {2}[a-z]/.test(line))
    .map(commandColumn)
    .filter((column) => {
      const [first, second = ''] = column.split(/\s+/);
      return first === group && (ONE_WORD.has(group) || second.split('|').includes(name));
    });
  return [...lines.map((column) => `usage: petstore ${column}`), 'petstore --help for all'].join('\n');
}
