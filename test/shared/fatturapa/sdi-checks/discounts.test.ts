import { describe, expect, it } from 'vitest';
import { afterNumero, line, ordinary, summary } from './invoice-builder.ts';

describe('discount checks', () => {
  it('00437: rejects a document-level ScontoMaggiorazione without Percentuale and Importo', () => {
    const problems = afterNumero(
      ordinary(),
      '<ScontoMaggiorazione><Tipo>SC</Tipo></ScontoMaggiorazione>',
    ).check();
    expect(problems).toEqual([
      {
        code: '00437',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/ScontoMaggiorazione[1]',
        params: { tipo: 'SC' },
      },
    ]);
  });

  it('00437: accepts a document-level ScontoMaggiorazione with a Percentuale or an Importo', () => {
    const discounts =
      '<ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>5.00</Percentuale></ScontoMaggiorazione>' +
      '<ScontoMaggiorazione><Tipo>MG</Tipo><Importo>1.00</Importo></ScontoMaggiorazione>';
    expect(afterNumero(ordinary(), discounts).codes()).toEqual([]);
  });

  it('00438: rejects a line ScontoMaggiorazione without Percentuale and Importo', () => {
    const goods =
      line({
        price: '100.00',
        total: '100.00',
        discounts: '<ScontoMaggiorazione><Tipo>MG</Tipo></ScontoMaggiorazione>',
      }) + summary({ taxable: '100.00', tax: '22.00' });
    expect(ordinary().goods(goods).check()).toEqual([
      {
        code: '00438',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[1]/ScontoMaggiorazione[1]',
        params: { tipo: 'MG' },
      },
    ]);
  });

  it('00438: accepts a line ScontoMaggiorazione with an Importo', () => {
    const goods =
      line({
        price: '100.00',
        total: '90.00',
        discounts: '<ScontoMaggiorazione><Tipo>SC</Tipo><Importo>10.00</Importo></ScontoMaggiorazione>',
      }) + summary({ taxable: '90.00', tax: '19.80' });
    expect(ordinary().goods(goods).codes()).toEqual([]);
  });
});
