/**
 * The rows the large benches store through the repositories' insert methods: one made-up sent or received invoice
 * per number `i`, its identifier, file name, counterparty and document numbered from `i`.
 */
import { italianVat } from '../test/support/invoices.ts';

export interface RowOptions {
  companyId: number;
  /** The company's own VAT number: the supplier of a sent invoice, the customer of a received one. */
  companyVat: string;
  /** The file every row of the company carries. */
  payload: Uint8Array;
  /** The document date, the date sent and (unless given) the moment it was stored. */
  date: string;
  created?: string;
  /** How many different counterparties the rows cycle through. */
  parties: number;
}

/** A sent invoice as `sends.insert` takes it, before SDI has taken it (no last update). */
export function sendRow(i: number, options: RowOptions) {
  const { companyId, companyVat, payload, date, parties } = options;
  return {
    companyId,
    identifier: String(100_000_000_000 + i),
    fileName: `IT${companyVat.slice(2)}_${i.toString(36).padStart(5, '0')}.xml`,
    format: 'FPR12' as const,
    encoding: 'Xml' as const,
    payload,
    committente: italianVat(i % parties),
    prestatore: companyVat,
    nomeCommittente: `Cliente ${i % parties} Ristorazione Srl`,
    documentNumber: `FT/${i}`,
    documentDate: date,
    documents: [{ number: `FT/${i}`, date }],
    metaData: null,
    dateSent: date,
    lastUpdate: null,
    created: options.created ?? date,
  };
}

/** A received invoice as `receives.insert` takes it, delivered at `created` (its last update too). */
export function receiveRow(i: number, options: RowOptions & { created: string }) {
  const { companyId, companyVat, payload, date, created, parties } = options;
  const supplier = italianVat(1000 + (i % parties));
  return {
    companyId,
    identifier: String(200_000_000_000 + i),
    messageId: String(i),
    fileName: `IT${supplier.slice(2)}_${i.toString(36).padStart(5, '0')}.xml`,
    format: 'FPR12' as const,
    encoding: 'Xml' as const,
    payload,
    committente: companyVat,
    prestatore: supplier,
    nomePrestatore: `Fornitore ${i % parties} Srl`,
    documentNumber: `R/${i}`,
    documentDate: date,
    documents: [{ number: `R/${i}`, date }],
    dateSent: date,
    lastUpdate: created,
    created,
  };
}
