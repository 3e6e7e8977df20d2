import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Safety nets against a hang, not timings (those are the bench's): generous, since three files share two
    // cores and a busy machine makes a sandbox's setup several times slower than a quiet one.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default on two cores is one file at a time, and most of a UI journey's time is spent waiting (on
    // Chromium, on SDI's steps): three files at once halve the suite's time there. SCAMBIO_TEST_WORKERS overrides.
    maxWorkers: Number(process.env.SCAMBIO_TEST_WORKERS) || 3,
    globalSetup: ['test/support/require-reference.ts', 'test/support/renderer-run-folder.ts'],
  },
});
