import type { InvoiceXml } from '../xml-document.ts';
import { discountChecks } from './discounts.ts';
import { documentChecks } from './document.ts';
import { fileChecks } from './file.ts';
import { identifierChecks } from './identifiers.ts';
import { lineChecks } from './lines.ts';
import { partyChecks } from './parties.ts';
import { rateChecks } from './rates.ts';
import { routingChecks } from './routing.ts';
import { simplifiedChecks } from './simplified.ts';
import { summaryChecks } from './summary-vat.ts';
import type { SdiCheck, SdiCheckContext, SdiProblem } from './types.ts';
import { welfareFundChecks } from './welfare-fund.ts';

/** Every check, in the order SdI applies its controls: file, identifiers and routing, then content. */
export const SDI_CHECKS: readonly SdiCheck[] = [
  ...fileChecks,
  ...routingChecks,
  ...identifierChecks,
  ...partyChecks,
  ...documentChecks,
  ...lineChecks,
  ...discountChecks,
  ...welfareFundChecks,
  ...summaryChecks,
  ...rateChecks,
  ...simplifiedChecks,
];

/**
 * Runs every check that the file (plus the context) can decide and returns all problems, sorted by code and
 * then in document order. Schema conformance (00200 apart from the name choice) is the schema validator's job.
 */
export function runSdiChecks(
  doc: InvoiceXml,
  context: SdiCheckContext = {},
  checks: readonly SdiCheck[] = SDI_CHECKS,
): SdiProblem[] {
  const problems = checks.flatMap((check) => check.run({ doc, context }));
  // Array.prototype.sort is stable, so document order survives within a code.
  return problems.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/** True when SdI would reject the file for these problems (warnings never reject). */
export function hasSdiErrors(problems: readonly SdiProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
