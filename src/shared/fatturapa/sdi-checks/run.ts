import { MAX_PROBLEMS_PER_FILE } from '../problem-limit.ts';
import type { BoundedProblems } from '../problem-limit.ts';
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
 * Runs every check that the file (plus the context) can decide and returns the problems, sorted by code and
 * then in document order, at most MAX_PROBLEMS_PER_FILE of them (see runSdiChecksBounded). Schema
 * conformance (00200 apart from the name choice) is the schema validator's job.
 */
export function runSdiChecks(
  doc: InvoiceXml,
  context: SdiCheckContext = {},
  checks: readonly SdiCheck[] = SDI_CHECKS,
): SdiProblem[] {
  return runSdiChecksBounded(doc, context, checks).problems;
}

/**
 * Like runSdiChecks, with the number of problems left out. Each check yields at most a few problems per
 * element of the parsed tree, so collecting them all is linear in the file; only the kept ones go further.
 * Warnings never push out errors: errors are kept first, warnings fill the room left, and the kept problems
 * stay in the sorted order.
 */
export function runSdiChecksBounded(
  doc: InvoiceXml,
  context: SdiCheckContext = {},
  checks: readonly SdiCheck[] = SDI_CHECKS,
  maxProblems: number = MAX_PROBLEMS_PER_FILE,
): BoundedProblems<SdiProblem> & { omittedErrors: number } {
  const problems = checks.flatMap((check) => check.run({ doc, context }));
  // Array.prototype.sort is stable, so document order survives within a code.
  problems.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  if (problems.length <= maxProblems) return { problems, omitted: 0, omittedErrors: 0 };
  const errors = problems.filter((p) => p.severity === 'error').length;
  let errorRoom = maxProblems;
  let warningRoom = Math.max(0, maxProblems - errors);
  const kept = problems.filter((p) => (p.severity === 'error' ? errorRoom-- > 0 : warningRoom-- > 0));
  return {
    problems: kept,
    omitted: problems.length - kept.length,
    // Callers that report errors only (SDI's discard) count only the errors they could not list.
    omittedErrors: Math.max(0, errors - maxProblems),
  };
}

/** True when SdI would reject the file for these problems (warnings never reject). */
export function hasSdiErrors(problems: readonly SdiProblem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
