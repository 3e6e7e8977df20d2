/**
 * The one place tests build invoices: typed FatturaPA JSON (the model's own types, so the compiler checks the
 * element names and cardinalities) written as XML by the model's serialiser. Amounts left out are computed:
 * PrezzoTotale from Quantita × PrezzoUnitario, the VAT summaries from the lines, ImportoTotaleDocumento from
 * the summaries.
 */
import { invoiceToXml, partitaIvaCheckDigit } from '../../src/shared/fatturapa/index.ts';
import type {
  AnagraficaJson,
  BodyJson,
  DatiRiepilogoJson,
  DettaglioLineeJson,
  DettaglioPagamentoJson,
  IdFiscaleJson,
  IndirizzoJson,
  InvoiceToXmlOptions,
  OrdinaryInvoiceJson,
  SimplifiedBodyJson,
  SimplifiedInvoiceJson,
} from '../../src/shared/fatturapa/index.ts';

/** A valid Italian VAT number (with IT) built from a seed, so tests can make as many distinct ones as they need. */
export function italianVat(seed: number): string {
  const first10 = String(1_000_000_000 + (seed % 8_999_999_999)).padStart(10, '0');
  return `IT${first10}${partitaIvaCheckDigit(first10)}`;
}

/** A company (Denominazione) or a person (Nome and Cognome). */
export type PartyName = string | { Nome: string; Cognome: string };

/** What the ordinary and the simplified format share: the parties, the document's identity, the routing. */
export interface DocumentOptions {
  /** With its country prefix (IT…); its digits are also the transmitter's IdCodice. Default italianVat(1). */
  supplierVat?: string;
  supplierFiscalCode?: string;
  /** Default 'Prestatore Srl'. */
  supplierName?: PartyName;
  /** Default Via Roma 1, 00100 Roma (RM). */
  supplierAddress?: IndirizzoJson;
  /** Default italianVat(2), unless customerFiscalCode is given: then that alone identifies the customer. */
  customerVat?: string;
  customerFiscalCode?: string;
  /** Default 'Committente Srl'. */
  customerName?: PartyName;
  /** Default Via Milano 2, 20100 Milano (MI). */
  customerAddress?: IndirizzoJson;
  /** Default '1'. */
  number?: string;
  /** Default '2025-01-15'. */
  date?: string;
  /** Default TD01 (ordinary) or TD07 (simplified). */
  tipoDocumento?: string;
  /** Default '0000000', or for FPA12 'AAAAAA' (the official samples' office, in every sandbox's IPA directory). */
  codiceDestinatario?: string;
  /** Default '00001'. */
  progressivoInvio?: string;
}

/** A detail line; NumeroLinea defaults to its position, AliquotaIVA to 22.00, PrezzoTotale is computed. */
export type LineInput = Partial<DettaglioLineeJson> & Pick<DettaglioLineeJson, 'PrezzoUnitario'>;

/** One DettaglioPagamento under CondizioniPagamento TP02; ImportoPagamento defaults to the document total. */
export type PaymentInput = Partial<DettaglioPagamentoJson> &
  Pick<DettaglioPagamentoJson, 'ModalitaPagamento'>;

export interface InvoiceOptions extends DocumentOptions {
  format?: 'FPR12' | 'FPA12';
  /** Extra bodies (FatturaElettronicaBody) beyond the first, each with its own number and date. */
  moreDocuments?: { number: string; date: string }[];
  /** Descrizione of every line that has none. Default 'Servizio di consulenza'. */
  description?: string;
  /** Default one line: 1.00 × 100.00 at 22 %. */
  lines?: LineInput[];
  /** Default one summary per AliquotaIVA and Natura of the lines, in their order. */
  summaries?: DatiRiepilogoJson[];
  /** ImportoTotaleDocumento; null leaves the optional element out. Default: taxable plus tax of the summaries. */
  total?: string | null;
  causale?: string;
  payment?: PaymentInput;
}

const DEFAULT_DESCRIPTION = 'Servizio di consulenza';

/** The ordinary invoice (FPR12 or FPA12) as typed JSON, ready for invoiceToXml or for editing first. */
export function invoiceJson(options: InvoiceOptions = {}): OrdinaryInvoiceJson {
  const format = options.format ?? 'FPR12';
  const supplier = supplierIdentity(options);
  const customer = customerIdentity(options);
  const documents = [
    { number: options.number ?? '1', date: options.date ?? '2025-01-15' },
    ...(options.moreDocuments ?? []),
  ];
  return {
    '@versione': format,
    FatturaElettronicaHeader: {
      DatiTrasmissione: {
        IdTrasmittente: { IdPaese: 'IT', IdCodice: supplier.vat.slice(2) },
        ProgressivoInvio: options.progressivoInvio ?? '00001',
        FormatoTrasmissione: format,
        CodiceDestinatario: options.codiceDestinatario ?? (format === 'FPA12' ? 'AAAAAA' : '0000000'),
      },
      CedentePrestatore: {
        DatiAnagrafici: {
          IdFiscaleIVA: idFiscale(supplier.vat),
          ...(supplier.fiscalCode === undefined ? {} : { CodiceFiscale: supplier.fiscalCode }),
          Anagrafica: anagrafica(supplier.name),
          RegimeFiscale: 'RF01',
        },
        Sede: supplier.address,
      },
      CessionarioCommittente: {
        DatiAnagrafici: {
          ...(customer.vat === undefined ? {} : { IdFiscaleIVA: idFiscale(customer.vat) }),
          ...(customer.fiscalCode === undefined ? {} : { CodiceFiscale: customer.fiscalCode }),
          Anagrafica: anagrafica(customer.name),
        },
        Sede: customer.address,
      },
    },
    FatturaElettronicaBody: documents.map((document) => ordinaryBody(options, document)),
  };
}

/** A schema-valid FatturaPA invoice whose parties, numbers and lines a test chooses. */
export function invoiceXml(options: InvoiceOptions = {}, serialization: InvoiceToXmlOptions = {}): string {
  return invoiceToXml(invoiceJson(options), serialization);
}

/** A DatiBeniServizi of the simplified format (Descrizione, Importo VAT included, DatiIVA…). */
export type SimplifiedLineJson = SimplifiedBodyJson['DatiBeniServizi'][number];

export interface SimplifiedInvoiceOptions extends DocumentOptions {
  /** Default one item: 'Servizio di consulenza', 122.00 at 22 %. */
  lines?: SimplifiedLineJson[];
}

/** The simplified invoice (FSM10) as typed JSON. */
export function simplifiedInvoiceJson(options: SimplifiedInvoiceOptions = {}): SimplifiedInvoiceJson {
  const supplier = supplierIdentity(options);
  const customer = customerIdentity(options);
  return {
    '@versione': 'FSM10',
    FatturaElettronicaHeader: {
      DatiTrasmissione: {
        IdTrasmittente: { IdPaese: 'IT', IdCodice: supplier.vat.slice(2) },
        ProgressivoInvio: options.progressivoInvio ?? '00001',
        FormatoTrasmissione: 'FSM10',
        CodiceDestinatario: options.codiceDestinatario ?? '0000000',
      },
      CedentePrestatore: {
        IdFiscaleIVA: idFiscale(supplier.vat),
        ...(supplier.fiscalCode === undefined ? {} : { CodiceFiscale: supplier.fiscalCode }),
        ...anagrafica(supplier.name),
        Sede: supplier.address,
        RegimeFiscale: 'RF01',
      },
      CessionarioCommittente: {
        IdentificativiFiscali: {
          ...(customer.vat === undefined ? {} : { IdFiscaleIVA: idFiscale(customer.vat) }),
          ...(customer.fiscalCode === undefined ? {} : { CodiceFiscale: customer.fiscalCode }),
        },
        AltriDatiIdentificativi: { ...anagrafica(customer.name), Sede: customer.address },
      },
    },
    FatturaElettronicaBody: [
      {
        DatiGenerali: {
          DatiGeneraliDocumento: {
            TipoDocumento: options.tipoDocumento ?? 'TD07',
            Divisa: 'EUR',
            Data: options.date ?? '2025-01-15',
            Numero: options.number ?? '1',
          },
        },
        DatiBeniServizi: options.lines ?? [
          { Descrizione: DEFAULT_DESCRIPTION, Importo: '122.00', DatiIVA: { Aliquota: '22.00' } },
        ],
      },
    ],
  };
}

/** A schema-valid FSM10 simplified invoice. */
export function simplifiedInvoiceXml(
  options: SimplifiedInvoiceOptions = {},
  serialization: InvoiceToXmlOptions = {},
): string {
  return invoiceToXml(simplifiedInvoiceJson(options), serialization);
}

// ---------------------------------------------------------------------------------------------

interface Party {
  vat: string | undefined;
  fiscalCode: string | undefined;
  name: PartyName;
  address: IndirizzoJson;
}

const ROME = { CAP: '00100', Comune: 'Roma', Provincia: 'RM', Nazione: 'IT' } as const;
const MILAN = { CAP: '20100', Comune: 'Milano', Provincia: 'MI', Nazione: 'IT' } as const;

function supplierIdentity(options: DocumentOptions): Party & { vat: string } {
  return {
    vat: options.supplierVat ?? italianVat(1),
    fiscalCode: options.supplierFiscalCode,
    name: options.supplierName ?? 'Prestatore Srl',
    address: options.supplierAddress ?? { ...ROME, Indirizzo: 'Via Roma 1' },
  };
}

function customerIdentity(options: DocumentOptions): Party {
  return {
    vat: options.customerVat ?? (options.customerFiscalCode === undefined ? italianVat(2) : undefined),
    fiscalCode: options.customerFiscalCode,
    name: options.customerName ?? 'Committente Srl',
    address: options.customerAddress ?? { ...MILAN, Indirizzo: 'Via Milano 2' },
  };
}

function idFiscale(vat: string): IdFiscaleJson {
  return { IdPaese: vat.slice(0, 2), IdCodice: vat.slice(2) };
}

function anagrafica(name: PartyName): AnagraficaJson {
  return typeof name === 'string' ? { Denominazione: name } : { Nome: name.Nome, Cognome: name.Cognome };
}

function ordinaryBody(options: InvoiceOptions, document: { number: string; date: string }): BodyJson {
  const lines = (options.lines ?? [{ Quantita: '1.00', PrezzoUnitario: '100.00' }]).map(
    (line, index): DettaglioLineeJson => ({
      ...line,
      NumeroLinea: line.NumeroLinea ?? String(index + 1),
      Descrizione: line.Descrizione ?? options.description ?? DEFAULT_DESCRIPTION,
      PrezzoTotale: line.PrezzoTotale ?? lineTotal(line),
      AliquotaIVA: line.AliquotaIVA ?? '22.00',
    }),
  );
  const summaries = options.summaries ?? summarize(lines);
  const total = (): string => documentTotal(summaries);
  return {
    DatiGenerali: {
      DatiGeneraliDocumento: {
        TipoDocumento: options.tipoDocumento ?? 'TD01',
        Divisa: 'EUR',
        Data: document.date,
        Numero: document.number,
        ...(options.total === null ? {} : { ImportoTotaleDocumento: options.total ?? total() }),
        ...(options.causale === undefined ? {} : { Causale: [options.causale] }),
      },
    },
    DatiBeniServizi: { DettaglioLinee: lines, DatiRiepilogo: summaries },
    ...(options.payment === undefined
      ? {}
      : {
          DatiPagamento: [
            {
              CondizioniPagamento: 'TP02',
              DettaglioPagamento: [
                { ...options.payment, ImportoPagamento: options.payment.ImportoPagamento ?? total() },
              ],
            },
          ],
        }),
  };
}

/** Quantita (1 when absent) × PrezzoUnitario after each ScontoMaggiorazione in order, as SdI computes it. */
function lineTotal(line: LineInput): string {
  let price = exact(line.PrezzoUnitario);
  for (const change of line.ScontoMaggiorazione ?? []) {
    const delta =
      change.Percentuale === undefined
        ? exact(change.Importo ?? '0')
        : percentOf(price, exact(change.Percentuale));
    price = plus(price, change.Tipo === 'SC' ? negated(delta) : delta);
  }
  return amount(times(exact(line.Quantita ?? '1'), price));
}

/** Legal reference written on a summary with Natura, by the nature's family (N2.2 → N2). */
const NATURA_REFERENCE: Record<string, string> = {
  N1: 'Esclusa ex art. 15',
  N2: 'Non soggetta',
  N3: 'Non imponibile',
  N4: 'Esente',
  N5: 'Regime del margine',
  N6: 'Inversione contabile',
  N7: 'IVA assolta in altro stato UE',
};

/** One summary per AliquotaIVA and Natura, in the order the lines first use them. */
function summarize(lines: readonly DettaglioLineeJson[]): DatiRiepilogoJson[] {
  const groups = new Map<string, { rate: string; natura: string | undefined; taxable: Exact }>();
  for (const line of lines) {
    const key = `${line.AliquotaIVA}|${line.Natura ?? ''}`;
    const group = groups.get(key) ?? { rate: line.AliquotaIVA, natura: line.Natura, taxable: ZERO };
    group.taxable = plus(group.taxable, exact(line.PrezzoTotale));
    groups.set(key, group);
  }
  return [...groups.values()].map(({ rate, natura, taxable }) => {
    const imponibile = amount(taxable);
    const amounts = {
      ImponibileImporto: imponibile,
      Imposta: amount(percentOf(exact(imponibile), exact(rate))),
    };
    return natura === undefined
      ? { AliquotaIVA: rate, ...amounts, EsigibilitaIVA: 'I' }
      : {
          AliquotaIVA: rate,
          Natura: natura,
          ...amounts,
          RiferimentoNormativo: NATURA_REFERENCE[natura.slice(0, 2)] ?? natura,
        };
  });
}

function documentTotal(summaries: readonly DatiRiepilogoJson[]): string {
  return amount(
    summaries.reduce((sum, s) => plus(sum, plus(exact(s.ImponibileImporto), exact(s.Imposta))), ZERO),
  );
}

// Exact decimals (units × 10^-scale): 3 × 0.10 must give 0.30 and a half cent must round away from zero.

interface Exact {
  units: bigint;
  scale: number;
}

const ZERO: Exact = { units: 0n, scale: 0 };

function exact(text: string): Exact {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (match === null) throw new RangeError(`not a decimal amount: "${text}"`);
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

function plus(a: Exact, b: Exact): Exact {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale),
    scale,
  };
}

function negated(a: Exact): Exact {
  return { units: -a.units, scale: a.scale };
}

function times(a: Exact, b: Exact): Exact {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

function percentOf(a: Exact, rate: Exact): Exact {
  const product = times(a, rate);
  return { units: product.units, scale: product.scale + 2 };
}

/** Two decimals, rounded half away from zero: "122.00". */
function amount(a: Exact): string {
  let units = a.units * 10n ** BigInt(Math.max(0, 2 - a.scale));
  if (a.scale > 2) {
    const divisor = 10n ** BigInt(a.scale - 2);
    const magnitude = units < 0n ? -units : units;
    const rounded = (magnitude + divisor / 2n) / divisor;
    units = units < 0n ? -rounded : rounded;
  }
  const digits = (units < 0n ? -units : units).toString().padStart(3, '0');
  return `${units < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
