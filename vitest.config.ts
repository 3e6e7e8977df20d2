import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default on two cores is one file at a time, and most of a UI journey's time is spent waiting (on
    // Chromium, on SDI's steps): three files at once halve the suite's time there. SCAMBIO_TEST_WORKERS overrides.
    maxWorkers: Number(process.env.SCAMBIO_TEST_WORKERS) || 3,
    globalSetup: ['test/support/require-reference.ts', 'test/support/renderer-run-folder.ts'],
  },
});
