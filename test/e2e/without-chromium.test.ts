import { readdirSync } from 'node:fs';
import { describe, it } from 'vitest';
import { CHROMIUM_MISSING } from '../support/chromium.ts';

/**
 * Stands in for the UI journeys where there is no Chromium to drive (vitest.config.ts runs this file instead of
 * them then, and never beside them): each journey is reported skipped with the reason and the install line, so a
 * machine with only Node passes `npm test` without pretending the journeys ran. Where Chromium is required
 * (SCAMBIO_REQUIRE_TOOLS=1, as CI sets), its absence fails instead.
 */
const journeys = readdirSync(new URL('.', import.meta.url))
  .filter((name) => name.endsWith('.test.ts') && name !== 'without-chromium.test.ts')
  .sort();

describe('the UI journeys (test/e2e)', () => {
  if (process.env.SCAMBIO_REQUIRE_TOOLS === '1') {
    it('need Chromium here', () => {
      throw new Error(`Chromium required: ${CHROMIUM_MISSING}`);
    });
  }
  console.warn(`[test/e2e] ${journeys.length} UI journeys skipped: ${CHROMIUM_MISSING}`);
  for (const journey of journeys) it.skip(`${journey}: ${CHROMIUM_MISSING}`, () => {});
});
