import { USAGE } from './usage';

/** The words of the command line's commands, from its help: `pets`, `add`, `report`, `week` … */
export const COMMAND_WORDS: ReadonlySet<string> = new Set(
  USAGE.split('\n')
    .filter((line) => /^ {2}[a-z]/.test(line))
    .flatMap((line) => line.slice(2, 45).split(/[\s|[\]]+/))
    .filter((word) => /^[a-z][a-z-]*$/.test(word)),
);

/**
 * The command a command line runs, as the log names it: its leading command words (`pets add`,
 * `backup`), never what follows them (a path, a name, an id): those may be a person's data.
 */
export function commandNamed(argv: readonly string[]): string {
  const words: string[] = [];
  for (const word of argv.slice(0, 2)) {
    if (!COMMAND_WORDS.has(word)) break;
    words.push(word);
  }
  return words.length === 0 ? '(no command)' : words.join(' ');
}
