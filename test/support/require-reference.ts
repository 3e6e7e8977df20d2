import { referenceAvailable, referenceDir } from './reference.ts';

/**
 * Vitest global setup. Without `../shared/reference` the sample-based tests skip with a notice, which suits a
 * laptop with only the repository; CI sets SCAMBIO_REQUIRE_REFERENCE=1 so that a missing or moved reference
 * fails the whole run instead of quietly skipping a sixth of the suite.
 */
export default function requireReference(): void {
  if (process.env.SCAMBIO_REQUIRE_REFERENCE === '1' && !referenceAvailable) {
    throw new Error(`SCAMBIO_REQUIRE_REFERENCE=1 but the reference data is missing: ${referenceDir}samples`);
  }
}
