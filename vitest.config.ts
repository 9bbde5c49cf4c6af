import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Native modules and real files: separate processes keep one suite's database from another's.
    pool: 'forks',
    testTimeout: 60_000,
  },
});
