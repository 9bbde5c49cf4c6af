import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Entries are electron-vite's defaults: src/main/index.ts, src/preload/index.ts, src/renderer/index.html.
export default defineConfig({
  main: {},
  preload: {
    // A sandboxed renderer can only run a single CommonJS preload file.
    build: { rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    plugins: [react()],
  },
});
