import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';

const packageVersion = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * `npm run dev` only: Vite's dev server injects React Refresh's inline preamble and talks to the
 * page over a WebSocket, both of which the app's CSP (src/main/shell/window-options.ts) forbids. The
 * built renderer keeps the strict policy unchanged.
 */
function developmentCsp(): Plugin {
  return {
    name: 'petstore-development-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'none'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"),
  };
}

/**
 * sonner (toasts) injects its stylesheet as an inline <style>, which the CSP forbids; the app
 * imports sonner/dist/styles.css instead, and this drops the injection.
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: 'petstore-sonner-without-inline-style',
    transform: (code, id) =>
      /[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)
        ? code.replace(/(?<!function )\b__insertCSS\(/g, 'void (')
        : undefined,
  };
}

// Entries are electron-vite's defaults (src/preload/index.ts, src/renderer/index.html), the shell's composition root (src/main/shell/index.ts),
// plus the sync thread's, which start-sync-thread.ts loads from next to the main bundle.
export default defineConfig({
  main: {
    // The version the app names (config/app-version.ts), as the commands' build defines it.
    define: { PETSTORE_VERSION: JSON.stringify(packageVersion) },
    build: {
      rollupOptions: { input: { index: 'src/main/shell/index.ts', 'sync-thread': 'src/main/sync/sync-thread.ts' } },
    },
  },
  preload: {
    // A sandboxed renderer can only run a single CommonJS preload file.
    build: { rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    plugins: [react(), developmentCsp(), sonnerWithoutInlineStyle()],
    build: { minify: true, target: 'chrome130' },
  },
});
