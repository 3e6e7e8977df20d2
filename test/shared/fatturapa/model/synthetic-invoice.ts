/**
 * A schema-valid FPR12 invoice with `lines` detail lines, built in memory (no reference data needed).
 * `line(n)` may override fields of line n (1-based), e.g. to break one value on purpose.
 */
export function syntheticInvoiceXml(
  lines: number,
  line: (n: number) => Partial<Record<'AliquotaIVA' | 'Descrizione' | 'PrezzoTotale', string>> = () => ({}),
): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">',
    '  <FatturaElettronicaHeader>',
    '    <DatiTrasmissione>',
    '      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>',
    '      <ProgressivoInvio>00042</ProgressivoInvio>',
    '      <FormatoTrasmissione>FPR12</FormatoTrasmissione>',
    '      <CodiceDestinatario>ABC1234</CodiceDestinatario>',
    '    </DatiTrasmissione>',
    '    <CedentePrestatore>',
    '      <DatiAnagrafici>',
    '        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdFiscaleIVA>',
    '        <Anagrafica><Denominazione>Fornitore &amp; Figli S.r.l.</Denominazione></Anagrafica>',
    '        <RegimeFiscale>RF01</RegimeFiscale>',
    '      </DatiAnagrafici>',
    '      <Sede><Indirizzo>Via Roma 1</Indirizzo><CAP>00100</CAP><Comune>Roma</Comune><Provincia>RM</Provincia><Nazione>IT</Nazione></Sede>',
    '    </CedentePrestatore>',
    '    <CessionarioCommittente>',
    '      <DatiAnagrafici>',
    '        <CodiceFiscale>RSSMRA80A01H501U</CodiceFiscale>',
    '        <Anagrafica><Nome>Mario</Nome><Cognome>Rossi</Cognome></Anagrafica>',
    '      </DatiAnagrafici>',
    '      <Sede><Indirizzo>Via Milano 2</Indirizzo><CAP>20100</CAP><Comune>Milano</Comune><Provincia>MI</Provincia><Nazione>IT</Nazione></Sede>',
    '    </CessionarioCommittente>',
    '  </FatturaElettronicaHeader>',
    '  <FatturaElettronicaBody>',
    '    <DatiGenerali>',
    '      <DatiGeneraliDocumento>',
    '        <TipoDocumento>TD01</TipoDocumento>',
    '        <Divisa>EUR</Divisa>',
    '        <Data>2024-03-15</Data>',
    '        <Numero>2024/0042</Numero>',
    `        <ImportoTotaleDocumento>${(lines * 24.4).toFixed(2)}</ImportoTotaleDocumento>`,
    '        <Causale>Fornitura di materiale</Causale>',
    '      </DatiGeneraliDocumento>',
    '    </DatiGenerali>',
    '    <DatiBeniServizi>',
  ];
  for (let n = 1; n <= lines; n++) {
    const o = line(n);
    parts.push(
      '      <DettaglioLinee>',
      `        <NumeroLinea>${n}</NumeroLinea>`,
      '        <CodiceArticolo><CodiceTipo>EAN</CodiceTipo><CodiceValore>80012345' +
        String(n).padStart(5, '0') +
        '</CodiceValore></CodiceArticolo>',
      `        <Descrizione>${o.Descrizione ?? `Articolo numero ${n} - descrizione estesa, però con accenti`}</Descrizione>`,
      '        <Quantita>2.00</Quantita>',
      '        <UnitaMisura>PZ</UnitaMisura>',
      '        <PrezzoUnitario>10.00000000</PrezzoUnitario>',
      `        <PrezzoTotale>${o.PrezzoTotale ?? '20.00'}</PrezzoTotale>`,
      `        <AliquotaIVA>${o.AliquotaIVA ?? '22.00'}</AliquotaIVA>`,
      '        <AltriDatiGestionali><TipoDato>LOTTO</TipoDato><RiferimentoTesto>L-' +
        n +
        '</RiferimentoTesto></AltriDatiGestionali>',
      '      </DettaglioLinee>',
    );
  }
  parts.push(
    '      <DatiRiepilogo>',
    '        <AliquotaIVA>22.00</AliquotaIVA>',
    `        <ImponibileImporto>${(lines * 20).toFixed(2)}</ImponibileImporto>`,
    `        <Imposta>${(lines * 4.4).toFixed(2)}</Imposta>`,
    '        <EsigibilitaIVA>I</EsigibilitaIVA>',
    '      </DatiRiepilogo>',
    '    </DatiBeniServizi>',
    '    <DatiPagamento>',
    '      <CondizioniPagamento>TP02</CondizioniPagamento>',
    '      <DettaglioPagamento>',
    '        <ModalitaPagamento>MP05</ModalitaPagamento>',
    '        <DataScadenzaPagamento>2024-04-15</DataScadenzaPagamento>',
    `        <ImportoPagamento>${(lines * 24.4).toFixed(2)}</ImportoPagamento>`,
    '        <IBAN>IT60X0542811101000000123456</IBAN>',
    '      </DettaglioPagamento>',
    '    </DatiPagamento>',
    '  </FatturaElettronicaBody>',
    '</p:FatturaElettronica>',
  );
  return `${parts.join('\n')}\n`;
}
