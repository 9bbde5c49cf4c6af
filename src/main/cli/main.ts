// `petstore` (and `npm run cli`): the command line. This entry only turns on Node's compile cache,
// so that every start after the first skips compiling the code, then loads the command line.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./command-line');
