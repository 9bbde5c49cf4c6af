import { DETAIL_FIELD_NAMES, type RemoteEnvironment } from '../../shared/contract';
import type { PetstoreCore } from '../core/petstore-core';

/**
 * What a command says when the details it was given stay on this computer only: the server has
 * not said it takes them, or details kept here before wait to be uploaded first. Null when none
 * was given, or they go to the server.
 */
export function detailsKeptNote(core: PetstoreCore, environment: RemoteEnvironment, given: object): string | null {
  if (!DETAIL_FIELD_NAMES.some((name) => name in given)) return null;
  const { server, keptHere } = core.serverStatus(environment).details;
  const upload = `petstore sync --upload-details --env ${environment}`;
  if (server === 'takes' && keptHere === 0) return null;
  if (server === 'takes')
    return `Its details are kept on this computer only until those kept before are sent: ${upload}.`;
  const why = server === 'lacks' ? 'does not take them' : 'has not said it takes them';
  return `Its details are kept on this computer only: ${environment} ${why}; ${upload} sends them once it does.`;
}

/** Before a command's write to a server never asked which extensions it has: asked now, so its details go with it. */
export async function askWhereDetailsGo(core: PetstoreCore, environment: RemoteEnvironment): Promise<void> {
  if (core.serverStatus(environment).details.server === 'unknown') await core.learnExtensions(environment);
}
