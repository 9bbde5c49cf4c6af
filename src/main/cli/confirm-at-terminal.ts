import { createInterface } from 'node:readline/promises';

/** Asks a yes/no question at the terminal (yes only for y or yes); null when standard input is not one. */
export async function confirmAtTerminal(
  question: string,
  input: NodeJS.ReadStream = process.stdin,
): Promise<boolean | null> {
  if (!input.isTTY) return null;
  const terminal = createInterface({ input, output: process.stderr });
  try {
    return /^\s*y(es)?\s*$/i.test(await terminal.question(question));
  } finally {
    terminal.close();
  }
}
