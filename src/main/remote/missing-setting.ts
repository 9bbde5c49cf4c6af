import type { RemoteEnvironment } from '../../shared/contract';
import { RemoteError } from './remote-error';

/** A server without an address: nothing is asked, and the person is told where to set one. */
export const noAddress = (environment: RemoteEnvironment) =>
  new RemoteError(
    'no_address',
    `No address is set for ${environment}. Set it in Settings or with: petstore env set-url ${environment} <url>`,
  );

/** A server without a key: nothing is sent, and the person is told where to set one. */
export const noKey = (environment: RemoteEnvironment) =>
  new RemoteError(
    'no_key',
    `No key is set for ${environment}. Set it in Settings or with: petstore key set ${environment}`,
  );
