/**
 * Reads a secret from standard input: piped, the whole input; at a terminal, one line typed
 * without echo. Never from an argument, where it would land in the shell's history and in `ps`.
 */
export async function readSecret(prompt: string, input: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += chunk;
    return text.replace(/\r?\n$/, '');
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let secret = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(secret);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        if (char === '\u007f') secret = secret.slice(0, -1);
        else secret += char;
      }
    };
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    input.on('data', onData);
  });
}
