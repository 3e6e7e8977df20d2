import { describe, expect, it } from 'vitest';
import { validateInvoiceXmlStructure } from '../../../../src/shared/fatturapa/index.ts';
import { readSample, referenceAvailable, warnIfReferenceMissing } from '../reference-samples.ts';
import { libxml2Validate } from './libxml2-oracle.ts';

warnIfReferenceMissing('model/mutations');

const FPA01 = 'official/fatturapa-v1.2.2/IT01234567890_FPA01.xml';
const FPR08 = 'real-world/invoices/09_FPR12_TD06_parcella_ritenuta_cassa__IT01234567890_FPR08.xml';
const FSM10 = 'official/semplificata-FSM10/IT01234567890_FSM10.xml';

const DOC = 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento';
const LINE1 = 'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[1]';
const CEDENTE = 'FatturaElettronicaHeader/CedentePrestatore';
const TRASMISSIONE = 'FatturaElettronicaHeader/DatiTrasmissione';

interface Mutation {
  sample: string;
  what: string;
  /** Literal text to replace (must occur in the sample) and its replacement. */
  from: string;
  to: string;
  kind: string;
  /** The path the report must point at; several when either of two swapped siblings is acceptable. */
  path: string | readonly string[];
}

const mutations: Mutation[] = [
  // FPA01: ordinary invoice with most header and body blocks
  {
    sample: FPA01,
    what: 'a missing required element (ProgressivoInvio)',
    from: '<ProgressivoInvio>00001</ProgressivoInvio>',
    to: '',
    kind: 'missing',
    path: `${TRASMISSIONE}/ProgressivoInvio`,
  },
  {
    sample: FPA01,
    what: 'two swapped siblings (Divisa before TipoDocumento)',
    from: '<TipoDocumento>TD01</TipoDocumento>\n        <Divisa>EUR</Divisa>',
    to: '<Divisa>EUR</Divisa>\n        <TipoDocumento>TD01</TipoDocumento>',
    kind: 'order',
    path: [`${DOC}/TipoDocumento`, `${DOC}/Divisa`],
  },
  {
    sample: FPA01,
    what: 'an element moved far ahead (Causale before TipoDocumento)',
    from: '<TipoDocumento>TD01</TipoDocumento>',
    to: '<Causale>SPOSTATA</Causale><TipoDocumento>TD01</TipoDocumento>',
    kind: 'order',
    path: `${DOC}/Causale[1]`,
  },
  {
    sample: FPA01,
    what: 'a string longer than its maxLength (Numero, 21 characters)',
    from: '<Numero>123</Numero>',
    to: '<Numero>123456789012345678901</Numero>',
    kind: 'length',
    path: `${DOC}/Numero`,
  },
  {
    sample: FPA01,
    what: 'an unknown TipoDocumento code',
    from: '<TipoDocumento>TD01</TipoDocumento>',
    to: '<TipoDocumento>TD99</TipoDocumento>',
    kind: 'enum',
    path: `${DOC}/TipoDocumento`,
  },
  {
    sample: FPA01,
    what: 'an impossible date (30 February)',
    from: '<Data>2017-01-18</Data>',
    to: '<Data>2017-02-30</Data>',
    kind: 'date',
    path: `${DOC}/Data`,
  },
  {
    sample: FPA01,
    what: 'a date in Italian notation',
    from: '<Data>2017-01-18</Data>',
    to: '<Data>18/01/2017</Data>',
    kind: 'date',
    path: `${DOC}/Data`,
  },
  {
    sample: FPA01,
    what: 'a date before 1970 for the invoice date',
    from: '<Data>2017-01-18</Data>',
    to: '<Data>1969-12-31</Data>',
    kind: 'date',
    path: `${DOC}/Data`,
  },
  {
    sample: FPA01,
    what: 'a date surrounded by blanks',
    from: '<Data>2017-01-18</Data>',
    to: '<Data> 2017-01-18</Data>',
    kind: 'date',
    path: `${DOC}/Data`,
  },
  {
    sample: FPA01,
    what: 'a decimal comma ("1,00")',
    from: '<PrezzoUnitario>1.00</PrezzoUnitario>',
    to: '<PrezzoUnitario>1,00</PrezzoUnitario>',
    kind: 'decimal',
    path: `${LINE1}/PrezzoUnitario`,
  },
  {
    sample: FPA01,
    what: 'too many fraction digits on a 2-decimal amount',
    from: '<ImportoPagamento>6.10</ImportoPagamento>',
    to: '<ImportoPagamento>6.100</ImportoPagamento>',
    kind: 'decimal',
    path: 'FatturaElettronicaBody[1]/DatiPagamento[1]/DettaglioPagamento[1]/ImportoPagamento',
  },
  {
    sample: FPA01,
    what: 'a rate above 100.00',
    from: '<AliquotaIVA>22.00</AliquotaIVA>\n      </DettaglioLinee>',
    to: '<AliquotaIVA>122.00</AliquotaIVA>\n      </DettaglioLinee>',
    kind: 'decimal',
    path: `${LINE1}/AliquotaIVA`,
  },
  {
    sample: FPA01,
    what: 'an integer out of range (NumeroLinea 0)',
    from: '<NumeroLinea>1</NumeroLinea>',
    to: '<NumeroLinea>0</NumeroLinea>',
    kind: 'decimal',
    path: `${LINE1}/NumeroLinea`,
  },
  {
    sample: FPA01,
    what: 'a decimal where an integer is required (NumeroLinea 1.0)',
    from: '<NumeroLinea>1</NumeroLinea>',
    to: '<NumeroLinea>1.0</NumeroLinea>',
    kind: 'decimal',
    path: `${LINE1}/NumeroLinea`,
  },
  {
    sample: FPA01,
    what: 'an empty required element (Divisa)',
    from: '<Divisa>EUR</Divisa>',
    to: '<Divisa></Divisa>',
    kind: 'empty',
    path: `${DOC}/Divisa`,
  },
  {
    sample: FPA01,
    what: 'a self-closed required element (Numero)',
    from: '<Numero>123</Numero>',
    to: '<Numero/>',
    kind: 'empty',
    path: `${DOC}/Numero`,
  },
  {
    sample: FPA01,
    what: 'an element the schema does not know',
    from: '<NumeroLinea>1</NumeroLinea>',
    to: '<NumeroLinea>1</NumeroLinea><Sconto>1.00</Sconto>',
    kind: 'unexpected',
    path: `${LINE1}/Sconto`,
  },
  {
    sample: FPA01,
    what: 'too many occurrences (Numero twice)',
    from: '<Numero>123</Numero>',
    to: '<Numero>123</Numero><Numero>124</Numero>',
    kind: 'too-many',
    path: `${DOC}/Numero[2]`,
  },
  {
    sample: FPA01,
    what: 'Denominazione and Nome together',
    from: '<Denominazione>ALPHA SRL</Denominazione>',
    to: '<Denominazione>ALPHA SRL</Denominazione><Nome>MARIO</Nome><Cognome>ROSSI</Cognome>',
    kind: 'choice',
    path: `${CEDENTE}/DatiAnagrafici/Anagrafica/Nome`,
  },
  {
    sample: FPA01,
    what: 'neither Denominazione nor Nome and Cognome',
    from: '<Denominazione>ALPHA SRL</Denominazione>',
    to: '',
    kind: 'choice',
    path: `${CEDENTE}/DatiAnagrafici/Anagrafica`,
  },
  {
    sample: FPA01,
    what: 'Nome without Cognome',
    from: '<Denominazione>ALPHA SRL</Denominazione>',
    to: '<Nome>MARIO</Nome>',
    kind: 'missing',
    path: `${CEDENTE}/DatiAnagrafici/Anagrafica/Cognome`,
  },
  {
    sample: FPA01,
    what: 'a CAP that is not five digits ("ABCDE")',
    from: '<CAP>07100</CAP>',
    to: '<CAP>ABCDE</CAP>',
    kind: 'pattern',
    path: `${CEDENTE}/Sede/CAP`,
  },
  {
    sample: FPA01,
    what: 'a lower-case Provincia',
    from: '<Provincia>SS</Provincia>',
    to: '<Provincia>ss</Provincia>',
    kind: 'pattern',
    path: `${CEDENTE}/Sede/Provincia`,
  },
  {
    sample: FPA01,
    what: 'a three-letter country code',
    from: '<IdPaese>IT</IdPaese>',
    to: '<IdPaese>ITA</IdPaese>',
    kind: 'pattern',
    path: `${TRASMISSIONE}/IdTrasmittente/IdPaese`,
  },
  {
    sample: FPA01,
    what: 'a character outside Latin-1 (euro sign) in Descrizione',
    from: '<Descrizione>DESCRIZIONE DELLA FORNITURA</Descrizione>',
    to: '<Descrizione>FORNITURA DA 5 €</Descrizione>',
    kind: 'pattern',
    path: `${LINE1}/Descrizione`,
  },
  {
    sample: FPA01,
    what: 'an attribute on an inner element',
    from: '<DatiTrasmissione>',
    to: '<DatiTrasmissione id="1">',
    kind: 'unexpected',
    path: `${TRASMISSIONE}/@id`,
  },
  {
    sample: FPA01,
    what: 'an unknown versione',
    from: 'versione="FPA12"',
    to: 'versione="FPA13"',
    kind: 'enum',
    path: '@versione',
  },
  {
    sample: FPA01,
    what: 'no versione attribute',
    from: 'versione="FPA12"',
    to: '',
    kind: 'missing',
    path: '@versione',
  },
  {
    sample: FPA01,
    what: 'a dateTime without seconds',
    from: '<DataOraConsegna>2017-01-10T16:46:12.000+02:00</DataOraConsegna>',
    to: '<DataOraConsegna>2017-01-10T16:46</DataOraConsegna>',
    kind: 'date',
    path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiTrasporto/DataOraConsegna',
  },
  {
    sample: FPA01,
    what: 'text inside element-only content',
    from: '<DatiTrasmissione>',
    to: '<DatiTrasmissione>testo',
    kind: 'unexpected',
    path: `${TRASMISSIONE}/text()`,
  },
  {
    sample: FPA01,
    what: 'an inner element qualified with the invoice namespace',
    from: /<DatiBeniServizi>([\s\S]*?)<\/DatiBeniServizi>/.source,
    to: '<p:DatiBeniServizi>$1</p:DatiBeniServizi>',
    kind: 'unexpected',
    path: 'FatturaElettronicaBody[1]/DatiBeniServizi',
  },
  {
    sample: FPA01,
    what: 'an unknown ModalitaPagamento code',
    from: '<ModalitaPagamento>MP01</ModalitaPagamento>',
    to: '<ModalitaPagamento>MP24</ModalitaPagamento>',
    kind: 'enum',
    path: 'FatturaElettronicaBody[1]/DatiPagamento[1]/DettaglioPagamento[1]/ModalitaPagamento',
  },
  {
    sample: FPA01,
    what: 'a missing CondizioniPagamento',
    from: '<CondizioniPagamento>TP01</CondizioniPagamento>',
    to: '',
    kind: 'missing',
    path: 'FatturaElettronicaBody[1]/DatiPagamento[1]/CondizioniPagamento',
  },
  {
    sample: FPA01,
    what: 'a missing DatiRiepilogo block',
    from: /<DatiRiepilogo>[\s\S]*?<\/DatiRiepilogo>/.source,
    to: '',
    kind: 'missing',
    path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo',
  },
  {
    sample: FPA01,
    what: 'an attachment that is not base64',
    from: '</DatiPagamento>',
    to: '</DatiPagamento><Allegati><NomeAttachment>a.pdf</NomeAttachment><Attachment>QUJ</Attachment></Allegati>',
    kind: 'pattern',
    path: 'FatturaElettronicaBody[1]/Allegati[1]/Attachment',
  },
  // FPR08: professional fee with withholding tax and pension fund
  {
    sample: FPR08,
    what: 'an unknown TipoRitenuta',
    from: '<TipoRitenuta>RT01</TipoRitenuta>',
    to: '<TipoRitenuta>RT07</TipoRitenuta>',
    kind: 'enum',
    path: `${DOC}/DatiRitenuta[1]/TipoRitenuta`,
  },
  {
    sample: FPR08,
    what: 'a lower-case CausalePagamento',
    from: '<CausalePagamento>A</CausalePagamento>',
    to: '<CausalePagamento>a</CausalePagamento>',
    kind: 'enum',
    path: `${DOC}/DatiRitenuta[1]/CausalePagamento`,
  },
  {
    sample: FPR08,
    what: 'an unknown TipoCassa',
    from: '<TipoCassa>TC02</TipoCassa>',
    to: '<TipoCassa>TC23</TipoCassa>',
    kind: 'enum',
    path: `${DOC}/DatiCassaPrevidenziale[1]/TipoCassa`,
  },
  {
    sample: FPR08,
    what: 'a rate without decimals',
    from: '<AlCassa>4.00</AlCassa>',
    to: '<AlCassa>4</AlCassa>',
    kind: 'decimal',
    path: `${DOC}/DatiCassaPrevidenziale[1]/AlCassa`,
  },
  {
    sample: FPR08,
    what: 'a pension fund block without AliquotaIVA',
    from: '<AliquotaIVA>22.00</AliquotaIVA>\n        </DatiCassaPrevidenziale>',
    to: '</DatiCassaPrevidenziale>',
    kind: 'missing',
    path: `${DOC}/DatiCassaPrevidenziale[1]/AliquotaIVA`,
  },
  {
    sample: FPR08,
    what: 'DatiRitenuta after DatiCassaPrevidenziale',
    from: /(<DatiRitenuta>[\s\S]*?<\/DatiRitenuta>)(\s*)(<DatiCassaPrevidenziale>[\s\S]*?<\/DatiCassaPrevidenziale>)/
      .source,
    to: '$3$2$1',
    kind: 'order',
    path: [`${DOC}/DatiRitenuta[1]`, `${DOC}/DatiCassaPrevidenziale[1]`],
  },
  {
    sample: FPR08,
    what: 'an eight-character CodiceDestinatario',
    from: '<CodiceDestinatario>0000000</CodiceDestinatario>',
    to: '<CodiceDestinatario>00000000</CodiceDestinatario>',
    kind: 'pattern',
    path: `${TRASMISSIONE}/CodiceDestinatario`,
  },
  {
    sample: FPR08,
    what: 'a lower-case CodiceFiscale',
    from: '<CodiceFiscale>03533590174</CodiceFiscale>',
    to: '<CodiceFiscale>abc03533590174</CodiceFiscale>',
    kind: 'pattern',
    path: 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/CodiceFiscale',
  },
  {
    sample: FPR08,
    what: 'an unknown EsigibilitaIVA code',
    from: '<EsigibilitaIVA>I</EsigibilitaIVA>',
    to: '<EsigibilitaIVA>X</EsigibilitaIVA>',
    kind: 'enum',
    path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[1]/EsigibilitaIVA',
  },
  {
    sample: FPR08,
    what: 'a second Sede in CedentePrestatore',
    from: '</Sede>\n    </CedentePrestatore>',
    to: '</Sede><Sede><Indirizzo>X</Indirizzo><CAP>00100</CAP><Comune>ROMA</Comune><Nazione>IT</Nazione></Sede>\n    </CedentePrestatore>',
    kind: 'too-many',
    path: `${CEDENTE}/Sede[2]`,
  },
  // FSM10: simplified invoice
  {
    sample: FSM10,
    what: 'an ordinary versione on the simplified root',
    from: 'versione="FSM10"',
    to: 'versione="FPR12"',
    kind: 'enum',
    path: '@versione',
  },
  {
    sample: FSM10,
    what: 'an ordinary TipoDocumento in a simplified invoice',
    from: '<TipoDocumento>TD07</TipoDocumento>',
    to: '<TipoDocumento>TD01</TipoDocumento>',
    kind: 'enum',
    path: `${DOC}/TipoDocumento`,
  },
  {
    sample: FSM10,
    what: 'a reverse-charge Natura, which FSM10 does not have',
    from: '</DatiIVA>',
    to: '</DatiIVA><Natura>N6.1</Natura>',
    kind: 'enum',
    path: 'FatturaElettronicaBody[1]/DatiBeniServizi[1]/Natura',
  },
  {
    sample: FSM10,
    what: 'a six-character CodiceDestinatario (only 7 allowed in FSM10)',
    from: '<CodiceDestinatario>0000000</CodiceDestinatario>',
    to: '<CodiceDestinatario>ABCDEF</CodiceDestinatario>',
    kind: 'pattern',
    path: `${TRASMISSIONE}/CodiceDestinatario`,
  },
  {
    sample: FSM10,
    what: 'a missing DatiIVA',
    from: /<DatiIVA>[\s\S]*?<\/DatiIVA>/.source,
    to: '',
    kind: 'missing',
    path: 'FatturaElettronicaBody[1]/DatiBeniServizi[1]/DatiIVA',
  },
  {
    sample: FSM10,
    what: 'Denominazione and Cognome together in CedentePrestatore',
    from: "<Denominazione>SOCIETA' ALPHA SRL</Denominazione>",
    to: "<Denominazione>SOCIETA' ALPHA SRL</Denominazione><Nome>A</Nome><Cognome>B</Cognome>",
    kind: 'choice',
    path: `${CEDENTE}/Nome`,
  },
  {
    sample: FSM10,
    what: 'an amount without decimals',
    from: '<Importo>25.00</Importo>',
    to: '<Importo>25</Importo>',
    kind: 'decimal',
    path: 'FatturaElettronicaBody[1]/DatiBeniServizi[1]/Importo',
  },
  {
    sample: FSM10,
    what: 'an ordinary-only block in a simplified body',
    from: '</DatiGenerali>',
    to: '</DatiGenerali><DatiPagamento/>',
    kind: 'unexpected',
    path: 'FatturaElettronicaBody[1]/DatiPagamento',
  },
];

function mutate(xml: string, m: Mutation): string {
  const isRegex = m.from.includes('[\\s\\S]');
  const pattern = isRegex ? new RegExp(m.from) : null;
  if (pattern ? !pattern.test(xml) : !xml.includes(m.from)) {
    throw new Error(`mutation "${m.what}" does not apply to ${m.sample}`);
  }
  return pattern ? xml.replace(pattern, m.to) : xml.replace(m.from, m.to);
}

describe.skipIf(!referenceAvailable)('broken invoices are rejected by both validators', () => {
  it('covers more than thirty distinct mutations of three samples', () => {
    expect(new Set(mutations.map((m) => m.what)).size).toBe(mutations.length);
    expect(mutations.length).toBeGreaterThan(30);
    expect(new Set(mutations.map((m) => m.sample)).size).toBe(3);
    expect(new Set(mutations.map((m) => m.kind))).toEqual(
      new Set([
        'missing',
        'unexpected',
        'order',
        'too-many',
        'length',
        'pattern',
        'enum',
        'decimal',
        'date',
        'choice',
        'empty',
      ]),
    );
  });

  it('starts from samples that both validators accept', () => {
    for (const sample of [FPA01, FPR08, FSM10]) {
      expect(libxml2Validate(readSample(sample)).valid, sample).toBe(true);
      expect(validateInvoiceXmlStructure(readSample(sample)), sample).toEqual([]);
    }
  });

  it.each(mutations.map((m) => [m.what, m] as const))(
    'rejects %s and points at the broken element',
    (_what, m) => {
      const xml = mutate(new TextDecoder().decode(readSample(m.sample)), m);
      const lib = libxml2Validate(xml);
      expect(lib.valid, 'libxml2 must reject it too').toBe(false);

      const problems = validateInvoiceXmlStructure(xml);
      const paths = typeof m.path === 'string' ? [m.path] : m.path;
      const hit = problems.find((p) => p.kind === m.kind && paths.includes(p.path));
      expect(hit, JSON.stringify(problems, null, 2)).toBeDefined();
    },
  );
});
