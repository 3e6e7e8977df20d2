import { expect } from 'vitest';
import { parseInvoiceXml } from '../../../../src/shared/fatturapa/index.ts';
import type { IndirizzoJson, InvoiceXml } from '../../../../src/shared/fatturapa/index.ts';
import { describeSdiProblem, runSdiChecks } from '../../../../src/shared/fatturapa/sdi-checks/index.ts';
import type { Language } from '../../../../src/shared/language.ts';
import { invoiceXml, simplifiedInvoiceXml } from '../../../support/invoices.ts';
import type {
  SdiCheck,
  SdiCheckContext,
  SdiProblem,
} from '../../../../src/shared/fatturapa/sdi-checks/index.ts';

/** Identifiers with correct check digits, so the templates raise no problem at all. */
export const IDS = {
  sellerVat: '12345678903',
  buyerVat: '01234567897',
  otherVat: '11111111115',
  person: 'RSSMRA80A01H501U',
  badCheckDigit: '01234567890',
} as const;

/** One address for both parties, without Provincia. */
const SEDE: IndirizzoJson = { Indirizzo: 'VIA ROMA 1', CAP: '00100', Comune: 'ROMA', Nazione: 'IT' };

const PARTIES = {
  supplierVat: `IT${IDS.sellerVat}`,
  supplierName: 'ALFA SRL',
  supplierAddress: SEDE,
  customerVat: `IT${IDS.buyerVat}`,
  customerName: 'BETA SPA',
  customerAddress: SEDE,
  codiceDestinatario: 'ABC1234',
  date: '2024-03-15',
} as const;

/**
 * A schema-valid FPR12 invoice that passes every check: 2 lines at 22 %, 1 line N2.2, one summary each, both
 * parties with a CodiceFiscale, no ImportoTotaleDocumento. Written on one line, so that the tests' text
 * edits do not depend on indentation.
 */
export const ORDINARY_TEMPLATE = invoiceXml(
  {
    ...PARTIES,
    supplierFiscalCode: IDS.sellerVat,
    customerFiscalCode: IDS.buyerVat,
    number: 'FT-1',
    total: null,
    lines: [
      { Descrizione: 'A', Quantita: '3.00', PrezzoUnitario: '10.00' },
      { Descrizione: 'B', PrezzoUnitario: '70.00' },
      { Descrizione: 'C', PrezzoUnitario: '50.00', AliquotaIVA: '0.00', Natura: 'N2.2' },
    ],
  },
  { indent: '' },
);

/** A schema-valid FSM10 TD07 invoice that passes every check: one item of 122.00 at 22 %. */
export const SIMPLIFIED_TEMPLATE = simplifiedInvoiceXml(
  {
    ...PARTIES,
    number: 'S-1',
    lines: [{ Descrizione: 'A', Importo: '122.00', DatiIVA: { Aliquota: '22.00' } }],
  },
  { indent: '' },
);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Index and length of the nth (1-based) `<name>…</name>` element; names are never nested in the templates. */
function locate(
  xml: string,
  name: string,
  occurrence: number,
): { start: number; end: number; inner: number } {
  const pattern = new RegExp(`<${escape(name)}>([\\s\\S]*?)</${escape(name)}>`, 'g');
  let match: RegExpExecArray | null = null;
  for (let i = 0; i < occurrence; i++) {
    match = pattern.exec(xml);
    if (match === null) throw new Error(`<${name}> occurrence ${occurrence} not found in the template`);
  }
  const found = match as RegExpExecArray;
  return { start: found.index, end: found.index + found[0].length, inner: found.index + name.length + 2 };
}

/**
 * Edits the serialised template as text, so each test shows exactly which element it changes, including
 * edits the typed model cannot express (a wrong order, a bad value, a missing required element).
 */
export class InvoiceBuilder {
  constructor(public xml: string) {}

  /** Replaces a literal string, which must occur in the document. */
  replace(search: string, replacement: string): this {
    if (!this.xml.includes(search)) throw new Error(`"${search}" not found in the template`);
    this.xml = this.xml.replace(search, replacement);
    return this;
  }

  /** Sets the text content of the nth `<name>` element in document order. */
  set(name: string, value: string, occurrence = 1): this {
    const { end, inner } = locate(this.xml, name, occurrence);
    this.xml = `${this.xml.slice(0, inner)}${value}</${name}>${this.xml.slice(end)}`;
    return this;
  }

  /** Removes the nth `<name>…</name>` element. */
  remove(name: string, occurrence = 1): this {
    const { start, end } = locate(this.xml, name, occurrence);
    this.xml = this.xml.slice(0, start) + this.xml.slice(end);
    return this;
  }

  /** Inserts a fragment just after the nth `<name>…</name>` element. */
  after(name: string, fragment: string, occurrence = 1): this {
    const { end } = locate(this.xml, name, occurrence);
    this.xml = this.xml.slice(0, end) + fragment + this.xml.slice(end);
    return this;
  }

  /** Inserts a fragment as the last child of the nth `<name>` element. */
  append(name: string, fragment: string, occurrence = 1): this {
    const { end } = locate(this.xml, name, occurrence);
    const close = end - `</${name}>`.length;
    this.xml = this.xml.slice(0, close) + fragment + this.xml.slice(close);
    return this;
  }

  /** Replaces the content of the nth DatiBeniServizi (lines and summaries of an ordinary body). */
  goods(fragment: string, occurrence = 1): this {
    return this.set('DatiBeniServizi', fragment, occurrence);
  }

  /** Appends a copy of the first body, making a multi-body file. */
  addBody(): this {
    const { start, end } = locate(this.xml, 'FatturaElettronicaBody', 1);
    return this.after('FatturaElettronicaBody', this.xml.slice(start, end));
  }

  parse(): InvoiceXml {
    return parseInvoiceXml(this.xml);
  }

  /** Runs the checks and verifies that every problem renders in every language without a leftover placeholder. */
  check(context: SdiCheckContext = {}, checks?: readonly SdiCheck[]): SdiProblem[] {
    const problems = runSdiChecks(this.parse(), context, checks);
    for (const problem of problems) expectRenderable(problem);
    return problems;
  }

  codes(context: SdiCheckContext = {}): string[] {
    return this.check(context).map((p) => p.code);
  }
}

export function expectRenderable(problem: SdiProblem): void {
  for (const lang of ['it', 'en', 'de'] as Language[]) {
    const text = describeSdiProblem(problem, lang);
    expect(`${text.description} ${text.hint}`, `${problem.code} in ${lang}`).not.toMatch(/\{\{/);
  }
}

export const ordinary = (): InvoiceBuilder => new InvoiceBuilder(ORDINARY_TEMPLATE);
export const simplified = (): InvoiceBuilder => new InvoiceBuilder(SIMPLIFIED_TEMPLATE);

export interface LineSpec {
  n?: number;
  quantity?: string;
  price: string;
  total: string;
  rate?: string;
  natura?: string;
  ritenuta?: boolean;
  /** Raw ScontoMaggiorazione elements. */
  discounts?: string;
}

export function line(spec: LineSpec): string {
  return (
    `<DettaglioLinee><NumeroLinea>${spec.n ?? 1}</NumeroLinea><Descrizione>X</Descrizione>` +
    (spec.quantity === undefined ? '' : `<Quantita>${spec.quantity}</Quantita>`) +
    `<PrezzoUnitario>${spec.price}</PrezzoUnitario>${spec.discounts ?? ''}` +
    `<PrezzoTotale>${spec.total}</PrezzoTotale><AliquotaIVA>${spec.rate ?? '22.00'}</AliquotaIVA>` +
    (spec.ritenuta === true ? '<Ritenuta>SI</Ritenuta>' : '') +
    (spec.natura === undefined ? '' : `<Natura>${spec.natura}</Natura>`) +
    '</DettaglioLinee>'
  );
}

export interface SummarySpec {
  rate?: string;
  natura?: string;
  rounding?: string;
  taxable: string;
  tax: string;
  esigibilita?: string;
}

export function summary(spec: SummarySpec): string {
  return (
    `<DatiRiepilogo><AliquotaIVA>${spec.rate ?? '22.00'}</AliquotaIVA>` +
    (spec.natura === undefined ? '' : `<Natura>${spec.natura}</Natura>`) +
    (spec.rounding === undefined ? '' : `<Arrotondamento>${spec.rounding}</Arrotondamento>`) +
    `<ImponibileImporto>${spec.taxable}</ImponibileImporto><Imposta>${spec.tax}</Imposta>` +
    (spec.esigibilita === undefined ? '' : `<EsigibilitaIVA>${spec.esigibilita}</EsigibilitaIVA>`) +
    '</DatiRiepilogo>'
  );
}

export interface FundSpec {
  contribution: string;
  rate?: string;
  natura?: string;
  ritenuta?: boolean;
}

/** A DatiCassaPrevidenziale block (4 % INPS-style contribution). */
export function fund(spec: FundSpec): string {
  return (
    `<DatiCassaPrevidenziale><TipoCassa>TC22</TipoCassa><AlCassa>4.00</AlCassa>` +
    `<ImportoContributoCassa>${spec.contribution}</ImportoContributoCassa>` +
    `<AliquotaIVA>${spec.rate ?? '22.00'}</AliquotaIVA>` +
    (spec.ritenuta === true ? '<Ritenuta>SI</Ritenuta>' : '') +
    (spec.natura === undefined ? '' : `<Natura>${spec.natura}</Natura>`) +
    '</DatiCassaPrevidenziale>'
  );
}

export const WITHHOLDING =
  '<DatiRitenuta><TipoRitenuta>RT01</TipoRitenuta><ImportoRitenuta>20.00</ImportoRitenuta>' +
  '<AliquotaRitenuta>20.00</AliquotaRitenuta><CausalePagamento>A</CausalePagamento></DatiRitenuta>';

/** Inserts blocks into DatiGeneraliDocumento after Numero, where DatiRitenuta / DatiCassaPrevidenziale go. */
export function afterNumero(builder: InvoiceBuilder, fragment: string, body = 1): InvoiceBuilder {
  return builder.after('Numero', fragment, body);
}
