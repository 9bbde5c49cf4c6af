import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Native modules and real files: separate processes keep one suite's database from another's.
    pool: 'forks',
    testTimeout: 60_000,
    // A poll waits for what a real process, thread or server does; CI shares two cores with it.
    expect: { poll: { timeout: 10_000 } },
  },
});
