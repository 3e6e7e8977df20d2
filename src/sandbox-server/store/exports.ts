/** What an export selects (spec "Export"): a company and a document-date range, both optional. */
export interface ExportFilter {
  companyId: number | null;
  /** Inclusive bounds on document_date, as stored (ISO 8601 UTC). */
  from: string | null;
  to: string | null;
}

/** One file of an export, decrypted, with the VAT of the company whose folder it goes in. */
export interface ExportRow {
  id: number;
  fileName: string;
  vat: string;
  bytes: Buffer;
}
