import type { CliIo } from './cli-args';

/**
 * The same command line, its standard input read once: a command run again once the manager has
 * given the PIN (a key piped in, say) gets the answers it read the first time, not an empty input.
 */
export function readingInputOnce(io: CliIo): CliIo {
  const answers = new Map<string, Promise<string>>();
  return {
    ...io,
    readSecret(prompt) {
      const answer = answers.get(prompt) ?? io.readSecret(prompt);
      answers.set(prompt, answer);
      return answer;
    },
  };
}
