import { MAX_PROBLEMS_PER_FILE } from '../problem-limit.ts';
import { buildInvoiceXml } from '../xml-document.ts';
import type { InvoiceXml, ParseInvoiceXmlOptions } from '../xml-document.ts';
import { StructureValidator } from './validate-structure.ts';
import type { StructureReport } from './validate-structure.ts';

export interface ReadInvoiceXmlOptions extends ParseInvoiceXmlOptions {
  /** Structure problems kept; the others are only counted in `omitted`. Defaults to MAX_PROBLEMS_PER_FILE. */
  maxProblems?: number;
}

export interface InvoiceXmlReading {
  /** What parseInvoiceXml returns for the same input and options. */
  document: InvoiceXml;
  /** What validateInvoiceXmlStructureBounded returns for the same input and options. */
  structure: StructureReport;
}

/**
 * parseInvoiceXml and validateInvoiceXmlStructureBounded in one scan of the file: the tree builder and the
 * structure validator are fed the same events. Throws like parseInvoiceXml (including 'not-an-invoice' and
 * 'unknown-format', which validateInvoiceXmlStructureBounded reports as a structure problem instead).
 */
export function readInvoiceXml(
  input: string | Uint8Array,
  options: ReadInvoiceXmlOptions = {},
): InvoiceXmlReading {
  const validator = new StructureValidator(options.maxProblems ?? MAX_PROBLEMS_PER_FILE);
  const document = buildInvoiceXml(input, options, validator);
  return { document, structure: validator.report() };
}
