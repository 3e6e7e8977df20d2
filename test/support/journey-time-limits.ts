import { vi } from 'vitest';
import { getCurrentSuite } from 'vitest/suite';
import { isJourneyFile, JOURNEY_MS } from './journey-files.ts';

/**
 * A UI journey's time limits, set for each journey file as it starts (Vitest runs a setup file before every test
 * file and restores the configuration after it). Like the unit files' limits (vitest.config.ts), they are safety
 * nets against a hang, never timings. A journey waits on each of its steps with its own limit (STEP_MS in
 * test/e2e/support), so a real hang fails at that step with its photo; the whole journey's limit is only the sum of
 * many slow-but-fine steps on a busy machine, where three files share two cores. That is why journeys get one
 * generous limit here, not one guessed per test.
 */
if (isJourneyFile(getCurrentSuite().file?.filepath ?? ''))
  vi.setConfig({ testTimeout: JOURNEY_MS, hookTimeout: JOURNEY_MS });
