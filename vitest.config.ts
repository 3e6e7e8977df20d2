import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import InterleavingSequencer from './test/support/interleaving-sequencer.ts';

/**
 * The journeys drive Chromium (SCAMBIO_CHROMIUM, else Debian's). Without it they are not run and not passed:
 * test/e2e/without-chromium.test.ts reports each one skipped, with the reason and the install line.
 */
const STAND_IN = 'test/e2e/without-chromium.test.ts';
const withChromium = existsSync(process.env.SCAMBIO_CHROMIUM ?? '/usr/bin/chromium');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: withChromium ? [STAND_IN] : ['test/e2e/**/!(without-chromium).test.ts'],
    // Safety nets against a hang, never timings (those are the bench's). A UI journey gets longer ones, per file
    // (test/support/journey-time-limits.ts says why).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['test/support/journey-time-limits.ts'],
    pool: 'forks',
    // Vitest's default on two cores is one file at a time, and most of a UI journey's time is spent waiting (on
    // Chromium, on SDI's steps): three files at once halve the suite's time there. More do not help: six at once
    // kept both cores saturated and ran no faster, with a recovery test timing out. SCAMBIO_TEST_WORKERS overrides.
    maxWorkers: Number(process.env.SCAMBIO_TEST_WORKERS) || 3,
    sequence: { sequencer: InterleavingSequencer },
    // A worker runs its files one after another in one module graph: each file used to start a process and import
    // the server (and, for a journey, Playwright) afresh (issue 30). The files share no state: each starts its own
    // server on its own temp folder and its own browser, and restores what it changes (timers). So no support
    // module may register a top-level hook (afterEach, afterAll): it would serve only the first file of a worker.
    //
    // One project, not one for the unit files and one for the journeys: Vitest hands a worker on to the next
    // file only when that file is of the same project, and with the two taking turns (the sequencer) every
    // worker ended after one file: 40 worker processes a run, each importing everything again.
    isolate: false,
    globalSetup: ['test/support/require-reference.ts', 'test/support/run-folder.ts'],
  },
});
