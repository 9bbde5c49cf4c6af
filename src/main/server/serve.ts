// `petstore-serve` (and `npm run serve`): the HTTP service, headless. This entry only turns on
// Node's compile cache, so that every start after the first skips compiling the code.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./serve-command');
