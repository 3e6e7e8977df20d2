/** A UI journey's time limit for its tests and hooks: test/support/journey-time-limits.ts says why. */
export const JOURNEY_MS = 300_000;

/** The UI journeys are the test files under test/e2e: the sequencer and their time limits both tell them apart. */
export function isJourneyFile(path: string): boolean {
  return path.includes('/test/e2e/');
}
