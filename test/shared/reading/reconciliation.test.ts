import { describe, expect, it } from 'vitest';
import { partyName, readInvoice, reconcile } from '../../../src/shared/fatturapa/reading/index.ts';
import { validateInvoiceXmlStructure } from '../../../src/shared/fatturapa/model/index.ts';
import { italianVat } from '../../support/invoices.ts';

/** A schema-valid FPR12 invoice around the given pieces of DatiGeneraliDocumento, DatiBeniServizi and DatiPagamento. */
function invoice(parts: {
  general?: string;
  lines: string;
  summary: string;
  payments?: string;
  type?: string;
  currency?: string;
}): string {
  const supplier = italianVat(811);
  const customer = italianVat(812);
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>${supplier.slice(2)}</IdCodice></IdTrasmittente>
      <ProgressivoInvio>00042</ProgressivoInvio>
      <FormatoTrasmissione>FPR12</FormatoTrasmissione>
      <CodiceDestinatario>0000000</CodiceDestinatario>
      <PECDestinatario>studio@pec.example.it</PECDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${supplier.slice(2)}</IdCodice></IdFiscaleIVA>
        <CodiceFiscale>RSSMRA80A01H501U</CodiceFiscale>
        <Anagrafica><Nome>Mario</Nome><Cognome>Rossi</Cognome><Titolo>Ing.</Titolo></Anagrafica>
        <AlboProfessionale>Ingegneri</AlboProfessionale>
        <ProvinciaAlbo>RM</ProvinciaAlbo>
        <NumeroIscrizioneAlbo>12345</NumeroIscrizioneAlbo>
        <RegimeFiscale>RF01</RegimeFiscale>
      </DatiAnagrafici>
      <Sede><Indirizzo>Via Roma</Indirizzo><NumeroCivico>1</NumeroCivico><CAP>00100</CAP><Comune>Roma</Comune><Provincia>RM</Provincia><Nazione>IT</Nazione></Sede>
      <IscrizioneREA><Ufficio>RM</Ufficio><NumeroREA>998877</NumeroREA><StatoLiquidazione>LN</StatoLiquidazione></IscrizioneREA>
    </CedentePrestatore>
    <CessionarioCommittente>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${customer.slice(2)}</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>Cliente Spa</Denominazione></Anagrafica>
      </DatiAnagrafici>
      <Sede><Indirizzo>Corso Italia</Indirizzo><CAP>20100</CAP><Comune>Milano</Comune><Nazione>IT</Nazione></Sede>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento>
        <TipoDocumento>${parts.type ?? 'TD01'}</TipoDocumento>
        <Divisa>${parts.currency ?? 'EUR'}</Divisa>
        <Data>2025-03-31</Data>
        <Numero>H-1</Numero>
        ${parts.general ?? ''}
      </DatiGeneraliDocumento>
      <DatiOrdineAcquisto>
        <RiferimentoNumeroLinea>1</RiferimentoNumeroLinea>
        <IdDocumento>ODA-7</IdDocumento>
        <Data>2025-01-10</Data>
        <CodiceCUP>J11B19000120001</CodiceCUP>
        <CodiceCIG>Z1A2B3C4D5</CodiceCIG>
      </DatiOrdineAcquisto>
      <DatiDDT><NumeroDDT>DDT-3</NumeroDDT><DataDDT>2025-03-01</DataDDT></DatiDDT>
    </DatiGenerali>
    <DatiBeniServizi>
      ${parts.lines}
      ${parts.summary}
    </DatiBeniServizi>
    ${parts.payments ?? ''}
  </FatturaElettronicaBody>
</p:FatturaElettronica>`;
}

function line(n: number, body: string): string {
  return `<DettaglioLinee><NumeroLinea>${n}</NumeroLinea>${body}</DettaglioLinee>`;
}

function summary(
  rate: string,
  taxable: string,
  tax: string,
  extra: { natura?: string; esigibilita?: string; norma?: string } = {},
) {
  return `<DatiRiepilogo><AliquotaIVA>${rate}</AliquotaIVA>${extra.natura ? `<Natura>${extra.natura}</Natura>` : ''}<ImponibileImporto>${taxable}</ImponibileImporto><Imposta>${tax}</Imposta>${extra.esigibilita ? `<EsigibilitaIVA>${extra.esigibilita}</EsigibilitaIVA>` : ''}${extra.norma ? `<RiferimentoNormativo>${extra.norma}</RiferimentoNormativo>` : ''}</DatiRiepilogo>`;
}

function payment(conditions: string, ...amounts: string[]): string {
  return `<DatiPagamento><CondizioniPagamento>${conditions}</CondizioniPagamento>${amounts
    .map(
      (amount) =>
        `<DettaglioPagamento><Beneficiario>Mario Rossi</Beneficiario><ModalitaPagamento>MP05</ModalitaPagamento><DataScadenzaPagamento>2025-04-30</DataScadenzaPagamento><ImportoPagamento>${amount}</ImportoPagamento><IBAN>IT60X0542811101000000123456</IBAN></DettaglioPagamento>`,
    )
    .join('')}</DatiPagamento>`;
}

function read(xml: string) {
  // The examples are schema-valid, so what is read is what a real file would carry.
  expect(validateInvoiceXmlStructure(xml)).toEqual([]);
  const reading = readInvoice(xml);
  expect(reading.documents).toHaveLength(1);
  return { reading, document: reading.documents[0]! };
}

/**
 * A professional's fee note: three VAT treatments, line discounts, two fund contributions, two withholdings,
 * stamp duty, paid in two instalments.
 *
 *   line 1  2 × 500.00 − 10%            =  900.00  22 %  (subject to withholding)
 *   line 2  100.00 − 20.00              =   80.00  10 %
 *   line 3  advanced expenses           =   50.00  N1 (art. 15)
 *   TC22 INPS 4 % of 900.00             =   36.00  22 %
 *   TC04 Inarcassa 2 % of 900.00        =   18.00  22 %
 *   summary 22 %: 954.00 → VAT 209.88; 10 %: 80.00 → 8.00; N1: 50.00
 *   taxable 1084.00 + VAT 217.88 + stamp 2.00                   = 1303.88
 *   − RT01 20 % of 900.00 (180.00) − RT04 8.50 % of 900.00 (76.50) = 1047.38 net to pay
 */
const FEE_NOTE = invoice({
  type: 'TD06',
  general: `
    <DatiRitenuta><TipoRitenuta>RT01</TipoRitenuta><ImportoRitenuta>180.00</ImportoRitenuta><AliquotaRitenuta>20.00</AliquotaRitenuta><CausalePagamento>A</CausalePagamento></DatiRitenuta>
    <DatiRitenuta><TipoRitenuta>RT04</TipoRitenuta><ImportoRitenuta>76.50</ImportoRitenuta><AliquotaRitenuta>8.50</AliquotaRitenuta><CausalePagamento>R</CausalePagamento></DatiRitenuta>
    <DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo></DatiBollo>
    <DatiCassaPrevidenziale><TipoCassa>TC22</TipoCassa><AlCassa>4.00</AlCassa><ImportoContributoCassa>36.00</ImportoContributoCassa><ImponibileCassa>900.00</ImponibileCassa><AliquotaIVA>22.00</AliquotaIVA><Ritenuta>SI</Ritenuta></DatiCassaPrevidenziale>
    <DatiCassaPrevidenziale><TipoCassa>TC04</TipoCassa><AlCassa>2.00</AlCassa><ImportoContributoCassa>18.00</ImportoContributoCassa><ImponibileCassa>900.00</ImponibileCassa><AliquotaIVA>22.00</AliquotaIVA></DatiCassaPrevidenziale>
    <ImportoTotaleDocumento>1303.88</ImportoTotaleDocumento>
    <Causale>Progettazione impianto</Causale>`,
  lines: [
    line(
      1,
      '<Descrizione>Progettazione</Descrizione><Quantita>2.00</Quantita><PrezzoUnitario>500.00</PrezzoUnitario><ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>10.00</Percentuale></ScontoMaggiorazione><PrezzoTotale>900.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA><Ritenuta>SI</Ritenuta>',
    ),
    line(
      2,
      '<Descrizione>Materiale</Descrizione><Quantita>1.00</Quantita><PrezzoUnitario>100.00</PrezzoUnitario><ScontoMaggiorazione><Tipo>SC</Tipo><Importo>20.00</Importo></ScontoMaggiorazione><PrezzoTotale>80.00</PrezzoTotale><AliquotaIVA>10.00</AliquotaIVA>',
    ),
    line(
      3,
      '<Descrizione>Spese anticipate in nome e per conto del cliente</Descrizione><PrezzoUnitario>50.00</PrezzoUnitario><PrezzoTotale>50.00</PrezzoTotale><AliquotaIVA>0.00</AliquotaIVA><Natura>N1</Natura>',
    ),
  ].join(''),
  summary: [
    summary('22.00', '954.00', '209.88', { esigibilita: 'I' }),
    summary('10.00', '80.00', '8.00', { esigibilita: 'I' }),
    summary('0.00', '50.00', '0.00', { natura: 'N1', norma: 'Escluse art. 15 DPR 633/72' }),
  ].join(''),
  payments: payment('TP01', '500.00', '547.38'),
});

describe('the reconciliation of an invoice, worked by hand', () => {
  it('takes a fee note from taxable amount to net to pay: rates, nature, discounts, funds, withholdings, stamp', () => {
    const { document } = read(FEE_NOTE);
    expect(document.reconciliation).toEqual({
      taxable: '1084.00',
      fundsNotCharged: '0.00',
      vat: '217.88',
      documentAdjustments: '0.00',
      rounding: '0.00',
      stamp: '2.00',
      documentTotal: '1303.88',
      withholdings: '256.50',
      splitPaymentVat: '0.00',
      netToPay: '1047.38',
      inCurrency: null,
      paymentsTotal: '1047.38',
      paymentsDifference: '0.00',
      declaredTotal: '1303.88',
      declaredTotalMatches: true,
      paymentsMatch: true,
      mismatch: false,
    });
  });

  it('reads the lines, summary, funds, withholdings and stamp of the fee note as the file has them', () => {
    const { reading, document } = read(FEE_NOTE);
    expect(reading.supplier).toMatchObject({
      name: 'Mario Rossi',
      title: 'Ing.',
      fiscalRegime: 'RF01',
      rea: { office: 'RM', number: '998877', liquidation: 'LN' },
      professionalRegister: { name: 'Ingegneri', province: 'RM', number: '12345' },
    });
    expect(reading.supplier.address?.text).toBe('Via Roma 1, 00100 Roma (RM), IT');
    expect(reading.customer.name).toBe('Cliente Spa');
    expect(reading.transmission).toMatchObject({
      progressive: '00042',
      recipientCode: '0000000',
      pec: 'studio@pec.example.it',
    });
    expect(document).toMatchObject({
      type: 'TD06',
      foreignCurrency: false,
      reasons: ['Progettazione impianto'],
    });
    expect(document.references).toEqual([
      expect.objectContaining({
        kind: 'order',
        id: 'ODA-7',
        lines: ['1'],
        cup: 'J11B19000120001',
        cig: 'Z1A2B3C4D5',
      }),
    ]);
    expect(document.deliveryNotes).toEqual([{ number: 'DDT-3', date: '2025-03-01', lines: [] }]);
    expect(document.lines.map((l) => [l.total, l.vatRate, l.nature, l.withholding, l.adjustments])).toEqual([
      ['900.00', '22.00', null, true, [{ type: 'SC', percentage: '10.00', amount: null }]],
      ['80.00', '10.00', null, false, [{ type: 'SC', percentage: null, amount: '20.00' }]],
      ['50.00', '0.00', 'N1', false, []],
    ]);
    expect(document.vatSummary[2]).toMatchObject({
      nature: 'N1',
      legalReference: 'Escluse art. 15 DPR 633/72',
    });
    expect(document.funds.map((f) => [f.type, f.amount, f.taxableBase, f.withholding])).toEqual([
      ['TC22', '36.00', '900.00', true],
      ['TC04', '18.00', '900.00', false],
    ]);
    expect(document.withholdings.map((w) => [w.type, w.amount, w.paymentReason])).toEqual([
      ['RT01', '180.00', 'A'],
      ['RT04', '76.50', 'R'],
    ]);
    expect(document.stamp).toEqual({ virtual: true, amount: '2.00', chargedInLines: false });
    expect(document.payments[0]!.details.map((d) => [d.method, d.amount, d.iban, d.beneficiary])).toEqual([
      ['MP05', '500.00', 'IT60X0542811101000000123456', 'Mario Rossi'],
      ['MP05', '547.38', 'IT60X0542811101000000123456', 'Mario Rossi'],
    ]);
  });

  it('leaves the split-payment VAT to the public body: two rates under EsigibilitaIVA S, one nature', () => {
    // 1000.00 + 220.00 (22 %, S) + 200.00 + 20.00 (10 %, S) + 50.00 N2.2 = 1490.00; net 1490.00 − 240.00 = 1250.00.
    const { document } = read(
      invoice({
        general: '<ImportoTotaleDocumento>1490.00</ImportoTotaleDocumento>',
        lines: [
          line(
            1,
            '<Descrizione>Servizio</Descrizione><PrezzoUnitario>1000.00</PrezzoUnitario><PrezzoTotale>1000.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>',
          ),
          line(
            2,
            '<Descrizione>Libri</Descrizione><PrezzoUnitario>200.00</PrezzoUnitario><PrezzoTotale>200.00</PrezzoTotale><AliquotaIVA>10.00</AliquotaIVA>',
          ),
          line(
            3,
            '<Descrizione>Servizio estero</Descrizione><PrezzoUnitario>50.00</PrezzoUnitario><PrezzoTotale>50.00</PrezzoTotale><AliquotaIVA>0.00</AliquotaIVA><Natura>N2.2</Natura>',
          ),
        ].join(''),
        summary: [
          summary('22.00', '1000.00', '220.00', { esigibilita: 'S' }),
          summary('10.00', '200.00', '20.00', { esigibilita: 'S' }),
          summary('0.00', '50.00', '0.00', { natura: 'N2.2', norma: 'Art. 7-ter DPR 633/72' }),
        ].join(''),
        payments: payment('TP02', '1250.00'),
      }),
    );
    expect(document.vatSummary.map((row) => row.splitPayment)).toEqual([true, true, false]);
    expect(document.reconciliation).toMatchObject({
      taxable: '1250.00',
      vat: '240.00',
      splitPaymentVat: '240.00',
      documentTotal: '1490.00',
      netToPay: '1250.00',
      paymentsMatch: true,
      declaredTotalMatches: true,
      mismatch: false,
    });
  });

  it('does not add the stamp duty twice when a line already charges it to the customer', () => {
    // 100.00 + 22.00 VAT + 2.00 N1 "rimborso bollo" = 124.00: ImportoBollo is that line, not an extra.
    const { document } = read(
      invoice({
        general: '<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo></DatiBollo>',
        lines: [
          line(
            1,
            '<Descrizione>Servizio</Descrizione><PrezzoUnitario>100.00</PrezzoUnitario><PrezzoTotale>100.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>',
          ),
          line(
            2,
            '<Descrizione>Rimborso imposta di bollo</Descrizione><PrezzoUnitario>2.00</PrezzoUnitario><PrezzoTotale>2.00</PrezzoTotale><AliquotaIVA>0.00</AliquotaIVA><Natura>N1</Natura>',
          ),
        ].join(''),
        summary: summary('22.00', '100.00', '22.00') + summary('0.00', '2.00', '0.00', { natura: 'N1' }),
        payments: payment('TP02', '124.00'),
      }),
    );
    expect(document.stamp).toEqual({ virtual: true, amount: '2.00', chargedInLines: true });
    expect(document.reconciliation).toMatchObject({ stamp: '0.00', netToPay: '124.00', mismatch: false });
  });

  it('applies a discount on the total and the rounding, and counts alternative ways of one payment once', () => {
    // 500.00 + 110.00 VAT − 110.00 (document SC, "sconto in fattura") − 0.40 rounding = 499.60,
    // payable by transfer to either of two accounts: a TP02 block with two equal details.
    const { document } = read(
      invoice({
        general: `<ScontoMaggiorazione><Tipo>SC</Tipo><Importo>110.00</Importo></ScontoMaggiorazione>
          <ImportoTotaleDocumento>499.60</ImportoTotaleDocumento><Arrotondamento>-0.40</Arrotondamento>`,
        lines: line(
          1,
          '<Descrizione>Caldaia</Descrizione><PrezzoUnitario>500.00</PrezzoUnitario><PrezzoTotale>500.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>',
        ),
        summary: summary('22.00', '500.00', '110.00'),
        payments: payment('TP02', '499.60', '499.60'),
      }),
    );
    expect(document.adjustments).toEqual([{ type: 'SC', percentage: null, amount: '110.00' }]);
    expect(document.reconciliation).toMatchObject({
      documentAdjustments: '-110.00',
      rounding: '-0.40',
      documentTotal: '499.60',
      netToPay: '499.60',
      paymentsTotal: '499.60',
      mismatch: false,
    });
  });

  it('says the file contradicts itself when the payments miss the net to pay by a cent', () => {
    const { document } = read(
      invoice({
        general: '<ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>',
        lines: line(
          1,
          '<Descrizione>Servizio</Descrizione><PrezzoUnitario>100.00</PrezzoUnitario><PrezzoTotale>100.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>',
        ),
        summary: summary('22.00', '100.00', '22.00'),
        payments: payment('TP03', '50.00') + payment('TP01', '40.00', '31.99'),
      }),
    );
    expect(document.reconciliation).toMatchObject({
      netToPay: '122.00',
      paymentsTotal: '121.99',
      paymentsDifference: '-0.01',
      paymentsMatch: false,
      declaredTotalMatches: true,
      mismatch: true,
    });
  });

  it('reads a dollar invoice with euro taxable amounts and VAT, and compares its dollar payments at the file’s rate', () => {
    // As the Agenzia delle Entrate allows: Divisa USD, ImponibileImporto and Imposta in euro, each line's dollar
    // amount in AltriDatiGestionali. Lines 100.00 + 50.00 EUR = 117.00 + 58.50 USD: 1.17 USD per euro.
    // 150.00 + 33.00 VAT = 183.00 EUR = 214.11 USD, which is what the file declares and asks to be paid.
    const usd = (amount: string) =>
      `<AltriDatiGestionali><TipoDato>VALUTA</TipoDato><RiferimentoTesto>USD</RiferimentoTesto><RiferimentoNumero>${amount}</RiferimentoNumero></AltriDatiGestionali>`;
    const lines = [
      line(
        1,
        `<Descrizione>Licenza</Descrizione><PrezzoUnitario>100.00</PrezzoUnitario><PrezzoTotale>100.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>${usd('117.00')}`,
      ),
      line(
        2,
        `<Descrizione>Supporto</Descrizione><PrezzoUnitario>50.00</PrezzoUnitario><PrezzoTotale>50.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>${usd('58.50')}`,
      ),
    ].join('');
    const dollars = (paid: string) =>
      read(
        invoice({
          currency: 'USD',
          general: '<ImportoTotaleDocumento>214.11</ImportoTotaleDocumento>',
          lines,
          summary: summary('22.00', '150.00', '33.00'),
          payments: payment('TP02', paid),
        }),
      ).document;
    const document = dollars('214.11');
    expect(document.lines.map((l) => l.currencyAmount)).toEqual(['117.00', '58.50']);
    expect(document.exchange).toEqual({ currency: 'USD', euro: '150.00', foreign: '175.50', rate: '1.1700' });
    expect(document.reconciliation).toMatchObject({
      documentTotal: '183.00',
      netToPay: '183.00',
      inCurrency: { currency: 'USD', documentTotal: '214.11', netToPay: '214.11' },
      paymentsTotal: '214.11',
      paymentsDifference: '0.00',
      declaredTotalMatches: true,
      paymentsMatch: true,
      mismatch: false,
    });
    // Five dollars short is a contradiction in dollars, said in dollars.
    expect(dollars('209.11').reconciliation).toMatchObject({
      paymentsDifference: '-5.00',
      paymentsMatch: false,
      mismatch: true,
    });
  });

  it('gives no euro value for a foreign currency invoice whose lines do not give one', () => {
    const { document } = read(
      invoice({
        currency: 'GBP',
        lines: line(
          1,
          '<Descrizione>Consulting</Descrizione><PrezzoUnitario>100.00</PrezzoUnitario><PrezzoTotale>100.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>',
        ),
        summary: summary('22.00', '100.00', '22.00'),
        payments: payment('TP02', '122.00'),
      }),
    );
    expect(document).toMatchObject({ currency: 'GBP', foreignCurrency: true, exchange: null });
    expect(document.lines[0]!.currencyAmount).toBeNull();
    expect(document.reconciliation).toMatchObject({ netToPay: '122.00', inCurrency: null, mismatch: false });
  });

  it('adds amounts exactly, where binary floating point would not', () => {
    // 0.1 + 0.2 !== 0.3 in floating point; here three summaries of 0.10, 0.20 and 0.30.
    const reconciliation = reconcile({
      vatSummary: ['0.10', '0.20', '0.30'].map((taxable) => ({
        rate: '22.00',
        nature: null,
        legalReference: null,
        incidentalCosts: null,
        rounding: null,
        taxable,
        tax: '0.00',
        chargeability: null,
        splitPayment: false,
      })),
      adjustments: [{ type: 'MG', percentage: '1.00', amount: null }],
      rounding: null,
      stamp: { virtual: true, amount: null, chargedInLines: false },
      withholdings: [],
      funds: [],
      payments: [{ conditions: 'TP02', details: [{ amount: '0.60' } as never] }],
      declaredTotal: '0.60',
    });
    expect(reconciliation).toMatchObject({
      taxable: '0.60',
      netToPay: '0.60',
      stamp: '0.00',
      mismatch: false,
    });
  });
});

describe('the party-name rule', () => {
  it('is Denominazione, else Nome and Cognome, else nothing', () => {
    expect(partyName({ Denominazione: 'Alfa Srl', Nome: 'X', Cognome: 'Y' })).toBe('Alfa Srl');
    expect(partyName({ Nome: 'Mario', Cognome: 'Rossi' })).toBe('Mario Rossi');
    expect(partyName({ Cognome: 'Rossi' })).toBe('Rossi');
    expect(partyName({ Denominazione: { '#text': 'Beta Spa' } })).toBe('Beta Spa');
    expect(partyName({})).toBeNull();
    expect(partyName(undefined)).toBeNull();
  });
});
