import { parseJson } from '../wire/json-codec';
import type { KeyRemoval } from './key-removal';
import { RemoteError } from './remote-error';

/**
 * A server's answer read as the interface's JSON (`where` names the server in messages): a
 * redirect, another type or invalid JSON is not the contract, and the key it may echo is taken out.
 */
export function readBody(
  where: string,
  status: number,
  header: (name: string) => string | null,
  text: string,
  removal: KeyRemoval,
): unknown {
  const type = header('content-type') ?? '';
  if (status >= 300 && status < 400) {
    throw new RemoteError(
      'not_the_contract',
      `${where} redirected to ${header('location') ?? 'elsewhere'} instead of answering; is this the pet store's address (or a network login page)?`,
    );
  }
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    if (status >= 400) {
      throw new RemoteError(
        'not_the_contract',
        `${where} answered ${status} without the interface's Error body (${type || 'no content type'}).`,
        { status: status },
      );
    }
    const hint = /html/i.test(type) ? ' (a web page: a network login page or a proxy?)' : '';
    throw new RemoteError(
      'not_the_contract',
      `${where} sent ${type || 'no content type'} where the interface's JSON belongs${hint}.`,
      { status: status },
    );
  }
  let body: unknown;
  try {
    body = parseJson(text);
  } catch (error) {
    // The parser quotes a member name it refuses, decoded.
    const problem = removal.text((error as Error).message);
    throw new RemoteError('not_the_contract', `${where} sent invalid JSON: ${problem}.`, { status: status });
  }
  // The text is without the key already; decoded, its strings may spell it again (a JSON-escaped
  // percent sign before a percent-encoded key), before anything reads or cuts them.
  return removal.mayHold(text) ? removal.value(body) : body;
}
