// How `petstore` finds the command a line names: every command the help lists reaches its group's
// code, and a line that names none is a usage error that opens nothing. In this process, over a
// core that refuses to open (no command here needs one to be found).
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli/cli';
import type { CliIo } from '../../../src/main/cli/cli-args';
import { USAGE } from '../../../src/main/cli/usage';

const NOT_OPENED = 'the core was asked for';

async function runLine(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    readSecret: async () => '',
    confirm: async () => null,
    managerPin: async () => null,
  };
  const code = await runCli(argv, io, () => {
    throw new Error(NOT_OPENED);
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** "group command" for each command the help lists ("manager status | set-pin" is two; "doctor" is its own). */
function commandsInHelp(): string[][] {
  const lines = USAGE.split('\n').flatMap((line) => {
    const [, group, rest] = /^ {2}(env|key|pets|categories|manager|outbox|doctor|sync)\b(.*)$/.exec(line) ?? [];
    if (group === undefined) return [];
    const words = rest!.split(/ {2,}/)[0]!.trim().split(/\s+/);
    const end = words.findIndex((word) => /^[<[-]/.test(word));
    const names = words
      .slice(0, end === -1 ? undefined : end)
      .join('')
      .split('|')
      .filter(Boolean);
    if (names.length === 0) return [[group]];
    return names.map((name) => [group, name]);
  });
  const named = (line: string[]) => line.join(' ');
  return lines.filter((line, at) => lines.findIndex((other) => named(other) === named(line)) === at);
}

describe('petstore finds the command a line names', () => {
  it('help and the version answer without opening the core', async () => {
    expect(await runLine(['--help'])).toMatchObject({ code: 0, out: USAGE });
    expect((await runLine(['--version'])).out).toMatch(/^petstore \d/);
    expect(await runLine([])).toMatchObject({ code: 2, out: USAGE });
  });

  it('each command the help lists reaches its own code', async () => {
    const listed = commandsInHelp();
    expect(listed.length).toBeGreaterThan(25);
    for (const words of listed) {
      const { err } = await runLine(words);
      expect(err, words.join(' ')).not.toMatch(/^unknown command/);
    }
  });

  it('a command under its old name runs as the command it is now, says so in one line, and is not in the help', async () => {
    for (const [old, now] of [
      ['retry', 'resend'],
      ['take-theirs', 'keep-theirs'],
    ]) {
      const { err } = await runLine(['outbox', old!, '1']);
      expect(err.split('\n')[0]).toBe(`outbox ${old} is now outbox ${now}.`);
      expect(err).not.toMatch(/unknown command/);
      expect(USAGE).not.toMatch(new RegExp(`outbox ${old}\\b`));
      expect(USAGE).toContain(`outbox ${now} <entry>`);
    }
  });

  it('a line that names no command is a usage error with where the help is, and opens nothing', async () => {
    for (const words of [['pets'], ['pets', 'frobnicate'], ['pets', 'constructor'], ['zoo']]) {
      const { code, err } = await runLine([...words, '--yes']);
      expect(code, words.join(' ')).toBe(2);
      expect(err).toBe(`unknown command: ${words.join(' ')}\npetstore --help for all`);
    }
    const doctorNow = await runLine(['doctor', 'now']);
    expect(doctorNow.err.split('\n')).toEqual([
      'unknown command: doctor now',
      'usage: petstore doctor [--bundle F.zip]',
      'petstore --help for all',
    ]);
  });
});
