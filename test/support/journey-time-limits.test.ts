import { describe, expect, it } from 'vitest';

// This file is not a journey: it keeps vitest.config.ts's limits (test/e2e/headless.test.ts checks a journey's).
describe('time limits outside the journeys', () => {
  it('are the configuration’s own 60 s', ({ task }) => {
    expect(task.timeout).toBe(60_000);
  });
});
