import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { isJourneyFile } from './journey-files.ts';

/**
 * Vitest's own order, longest file first (by the last run's durations, else by size), but with the UI journeys
 * (test/e2e) and the other files taking turns. Longest first put the journeys together: while the first one built
 * the renderer the other workers only waited for it, and the unit files queued for the last journeys to end.
 * Taking turns, a worker with nothing to do but wait runs unit files instead (issue 30).
 */
export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isJourney = (file: TestSpecification) => isJourneyFile(file.moduleId);
    return takeTurns([sorted.filter(isJourney), sorted.filter((file) => !isJourney(file))]);
  }
}

/** [a1, a2, a3], [b1] → [a1, b1, a2, a3]: one from each list in turn, each list in its own order. */
export function takeTurns<T>(lists: T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}
