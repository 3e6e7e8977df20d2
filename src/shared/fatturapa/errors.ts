export type InvoiceDocumentErrorCode =
  | 'empty'
  | 'too-large'
  | 'dtd-forbidden'
  | 'not-well-formed'
  | 'too-deep'
  | 'not-an-invoice'
  | 'unknown-format'
  | 'not-cms'
  | 'cms-without-content';

export interface InvoiceDocumentErrorDetails {
  line?: number;
  column?: number;
  /** Short technical detail in English; never shown to end users (the server localizes by `code`). */
  detail?: string;
}

export class InvoiceDocumentError extends Error {
  readonly code: InvoiceDocumentErrorCode;
  readonly line?: number;
  readonly column?: number;
  readonly detail?: string;

  /** `details` may be just the technical detail as a string. */
  constructor(code: InvoiceDocumentErrorCode, details: InvoiceDocumentErrorDetails | string = {}) {
    if (typeof details === 'string') details = { detail: details };
    const where = details.line !== undefined ? ` at ${details.line}:${details.column ?? 0}` : '';
    super(`${code}${where}${details.detail !== undefined ? `: ${details.detail}` : ''}`);
    this.name = 'InvoiceDocumentError';
    this.code = code;
    if (details.line !== undefined) this.line = details.line;
    if (details.column !== undefined) this.column = details.column;
    if (details.detail !== undefined) this.detail = details.detail;
  }
}
