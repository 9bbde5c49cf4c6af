// Preloaded into Electronegativity (scripts/security-checks.mjs): it downloads its translations and
// Electron's release notes with `got`, which here fail at once (no route to GitHub). got's retries
// then fire after its 1 s timeout has settled the request, which Node 24 turns into an uncaught
// error. Offline by design, its requests are given no retries: each fails once, and the tool
// carries on with its built-in English texts.
const Module = require('node:module');
const load = Module.prototype.require;
Module.prototype.require = function require(id) {
  const loaded = load.apply(this, arguments);
  if (id !== 'got' || loaded.__petstoreOffline) return loaded;
  const offline = loaded.extend({ retry: { limit: 0 } });
  Object.defineProperties(offline, {
    default: { value: offline },
    __esModule: { value: true },
    __petstoreOffline: { value: true },
  });
  return offline;
};
