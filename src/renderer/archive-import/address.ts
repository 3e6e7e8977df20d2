/**
 * The import screen's addresses: `#/import`, and `#/import?invoice=-3` with imported invoice -3 open in the
 * document view (the deadlines and the VAT summary can link an imported document there; its id is the book
 * record's `invoiceId`).
 */
import { address } from '../shell/routes.ts';

export const IMPORT_ADDRESS = '/import';

export const importedAddress = (id: number) => address(IMPORT_ADDRESS, { invoice: id });

/** The imported invoice an address opens: a negative id, or null. */
export function openedImport(param: string | null): number | null {
  return param && /^-\d+$/.test(param) ? Number(param) : null;
}
