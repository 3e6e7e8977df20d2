import { describe, expect, it } from 'vitest';
import type {
  AnagraficaJson,
  DettaglioLineeJson,
  OrdinaryInvoiceJson,
} from '../../../../src/shared/fatturapa/model/index.ts';
import { invoiceJson } from '../../../support/invoices.ts';

/**
 * The JSON form's types are derived from the model, so the compiler checks element names: a misspelt one must
 * not compile (each `@ts-expect-error` below fails `npm run typecheck` if it stops being an error).
 */
describe('the JSON form’s types', () => {
  it('refuse an element name the model does not have, in a type with and without a choice', () => {
    const line: DettaglioLineeJson = {
      NumeroLinea: '1',
      Descrizione: 'Consulenza',
      PrezzoUnitario: '100.00',
      PrezzoTotale: '100.00',
      AliquotaIVA: '22.00',
      // @ts-expect-error Descrizone is not an element of DettaglioLinee
      Descrizone: 'misspelt',
    };
    const person: AnagraficaJson = {
      Nome: 'Mario',
      Cognome: 'Rossi',
      // @ts-expect-error Cognomi is not an element of Anagrafica (whose choice is Denominazione or Nome + Cognome)
      Cognomi: 'Rossi',
    };
    expect(Object.keys(line)).toContain('Descrizone');
    expect(person.Nome).toBe('Mario');
  });

  it('type what the builder makes without an index signature', () => {
    const invoice: OrdinaryInvoiceJson = invoiceJson();
    const body = invoice.FatturaElettronicaBody[0]!;
    // A misspelt path is a compile error, not `undefined` at run time.
    // @ts-expect-error DatiGeneraliDocumentos is not an element of DatiGenerali
    expect(body.DatiGenerali.DatiGeneraliDocumentos).toBeUndefined();
    expect(body.DatiGenerali.DatiGeneraliDocumento.TipoDocumento).toBe('TD01');
  });
});
