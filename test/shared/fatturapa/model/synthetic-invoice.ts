import { invoiceToXml } from '../../../../src/shared/fatturapa/index.ts';
import type { DettaglioLineeJson } from '../../../../src/shared/fatturapa/index.ts';
import { invoiceJson } from '../../../support/invoices.ts';

/**
 * A schema-valid FPR12 invoice with `lines` detail lines (2 × 10.00 at 22 % each), article codes, a
 * payment, a person as customer and an escaped `&` in the supplier's name. `line(n)` may override fields of
 * line n (1-based), e.g. to break one value on purpose: the override reaches that line only, the summary and
 * the totals stay those of the unbroken invoice. The supplier's VAT number has a wrong check digit.
 */
export function syntheticInvoiceXml(
  lines: number,
  line: (
    n: number,
  ) => Partial<Pick<DettaglioLineeJson, 'AliquotaIVA' | 'Descrizione' | 'PrezzoTotale'>> = () => ({}),
): string {
  const json = invoiceJson({
    supplierVat: 'IT01234567890',
    supplierName: 'Fornitore & Figli S.r.l.',
    customerFiscalCode: 'RSSMRA80A01H501U',
    customerName: { Nome: 'Mario', Cognome: 'Rossi' },
    progressivoInvio: '00042',
    codiceDestinatario: 'ABC1234',
    date: '2024-03-15',
    number: '2024/0042',
    causale: 'Fornitura di materiale',
    lines: Array.from({ length: lines }, (_, i) => ({
      CodiceArticolo: [{ CodiceTipo: 'EAN', CodiceValore: `80012345${String(i + 1).padStart(5, '0')}` }],
      Descrizione: `Articolo numero ${i + 1} - descrizione estesa, però con accenti`,
      Quantita: '2.00',
      UnitaMisura: 'PZ',
      PrezzoUnitario: '10.00000000',
      AltriDatiGestionali: [{ TipoDato: 'LOTTO', RiferimentoTesto: `L-${i + 1}` }],
    })),
    payment: {
      ModalitaPagamento: 'MP05',
      DataScadenzaPagamento: '2024-04-15',
      IBAN: 'IT60X0542811101000000123456',
    },
  });
  const detail = json.FatturaElettronicaBody[0]?.DatiBeniServizi.DettaglioLinee ?? [];
  detail.forEach((entry, i) => Object.assign(entry, line(i + 1)));
  return invoiceToXml(json);
}
