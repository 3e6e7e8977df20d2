import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import InterleavingSequencer from './test/support/interleaving-sequencer.ts';

/**
 * Time limits here are safety nets against a hang, never timings (those are the bench's). A UI journey waits on
 * each of its steps with its own limit (STEP_MS in test/e2e/support), so a real hang fails at that step with its
 * photo; the whole journey's limit is only the sum of many slow-but-fine steps on a busy machine, where three
 * files share two cores. That is why journeys get one generous limit here, not one guessed per test.
 */
const JOURNEY_MS = 300_000;

/**
 * The journeys drive Chromium (SCAMBIO_CHROMIUM, else Debian's). Without it they are not run and not passed:
 * test/e2e/without-chromium.test.ts reports each one skipped, with the reason and the install line.
 */
const STAND_IN = 'test/e2e/without-chromium.test.ts';
const withChromium = existsSync(process.env.SCAMBIO_CHROMIUM ?? '/usr/bin/chromium');

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default on two cores is one file at a time, and most of a UI journey's time is spent waiting (on
    // Chromium, on SDI's steps): three files at once halve the suite's time there. More do not help: six at once
    // kept both cores saturated and ran no faster, with a recovery test timing out. SCAMBIO_TEST_WORKERS overrides.
    maxWorkers: Number(process.env.SCAMBIO_TEST_WORKERS) || 3,
    sequence: { sequencer: InterleavingSequencer },
    // A worker runs its files one after another in one module graph. Each file used to start a process and import
    // the server (and, for a journey, Playwright) afresh: 330 s of the unit project's 390 s on two cores, and about
    // 4 CPU-s per journey file (issue 30). The files share no state: each starts its own server on its own temp
    // folder and its own browser, and restores what it changes (timers). So no support module may register a
    // top-level hook (afterEach, afterAll): it would serve only the first file of a worker.
    isolate: false,
    globalSetup: ['test/support/require-reference.ts', 'test/support/run-folder.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'journeys',
          include: withChromium ? ['test/e2e/**/*.test.ts'] : [STAND_IN],
          exclude: withChromium ? [STAND_IN] : [],
          testTimeout: JOURNEY_MS,
          hookTimeout: JOURNEY_MS,
        },
      },
    ],
  },
});
