/**
 * The product and service catalogue: what a business sells, typed once and picked on a composer line. An item
 * fills a line's code (CodiceArticolo), description, unit, unit price, VAT rate or Natura with its wording, and
 * whether it is subject to the withholding. Kept per profile, sealed like the saved contacts.
 */

export interface CatalogueItem {
  /** itemKey: the code when there is one, else the description, so one item is one entry. */
  key: string;
  /** CodiceArticolo's CodiceValore ('' when none); its CodiceTipo is `codeType` ('' → 'INTERNO' when written). */
  code: string;
  codeType: string;
  description: string;
  /** UnitaMisura ('' when none). */
  unit: string;
  /** PrezzoUnitario as a plain decimal ("120.00"), never a float. */
  unitPrice: string;
  /** AliquotaIVA as a plain decimal ("22.00"); '0.00' with a `nature`. */
  vatRate: string;
  nature: string;
  legalReference: string;
  /** Ritenuta: the line is subject to the withholdings. */
  withholding: boolean;
}

/** `CODE:ABC-1` by its code, else `DESC:consulenza oraria` by its description (case and spaces folded). */
export function itemKey(item: Pick<CatalogueItem, 'code' | 'description'>): string {
  const code = item.code.trim().toUpperCase();
  if (code !== '') return `CODE:${code}`;
  return `DESC:${item.description.trim().toLowerCase().replace(/\s+/g, ' ')}`;
}

export function emptyCatalogueItem(): CatalogueItem {
  return {
    key: '',
    code: '',
    codeType: '',
    description: '',
    unit: '',
    unitPrice: '',
    vatRate: '22.00',
    nature: '',
    legalReference: '',
    withholding: false,
  };
}
