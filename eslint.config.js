// Who may import whom (see docs/architecture.md): these rules keep the rooms apart.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // CommonJS on purpose (a file preloaded with node --require): require() is how it loads.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/shared/**'],

    rules: restrict(
      [
        ...nodeBuiltins,
        'electron',
        'better-sqlite3',
        'keytar',
        'react',
        '**/main/**',
        '**/renderer/**',
        '**/preload/**',
      ],
      'src/shared is pure TypeScript imported by every process: no Node, no Electron, no DOM, no other room.',
    ),
  },
  {
    files: ['src/main/**'],
    ignores: ['src/main/shell/**'],
    rules: restrict(
      ['electron', 'electron/*', 'electron-updater', '**/renderer/**', '**/preload/**'],
      'The core is Electron-free: only the shell (src/main/shell/) may import electron (or electron-updater, which needs it).',
    ),
  },
  {
    // The shell's policies are plain data and functions, tested in plain Node.
    files: ['src/main/shell/{app-menu,app-protocol,navigation-policy,trusted-sender,window-options}.ts'],
    rules: restrict(
      ['electron', 'electron/*'],
      "The shell's policies stay Electron-free so plain Node tests them; the shell applies them.",
    ),
  },
  {
    files: ['src/renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict(
      [...nodeBuiltins, 'electron', 'better-sqlite3', 'keytar', '**/main/**', '**/preload/**'],
      'The renderer reaches the main process only through window.petstore.',
    ),
  },
  {
    files: ['src/renderer/**'],
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/preload/**'],
    rules: restrict(['**/main/**', '**/renderer/**', 'better-sqlite3', 'keytar'], 'The preload only bridges IPC.'),
  },
);
