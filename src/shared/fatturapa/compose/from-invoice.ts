/**
 * FatturaPA (XML or the model's JSON) → draft: to duplicate an invoice, to correct and resend a discarded one, or
 * to write a credit note for it. One draft per body of a lotto; a simplified file (FSM10) is opened by
 * from-simplified.ts, its credit note being a TD08.
 *
 * What the draft does not carry (composing the opened draft leaves it out; see test/shared/compose/round-trip):
 * ds:Signature, the SistemaEmittente attribute, DatiSAL, FatturaPrincipale, DatiVeicoli, the summaries'
 * SpeseAccessorie and Arrotondamento, the document-level Arrotondamento, DettaglioPagamento's CodUfficioPostale
 * and quietanzante (Cognome/Nome/CF/TitoloQuietanzante), the supplier representative's and intermediary's
 * addresses (the schema has none). Computed elements (PrezzoTotale, DatiRiepilogo, ImportoRitenuta,
 * ImportoContributoCassa, ImportoTotaleDocumento, blank ImportoPagamento) are recomputed, never copied.
 */
import type {
  AnagraficaJson,
  BodyJson,
  DatiGeneraliDocumentoJson,
  FatturaPAJson,
  IdFiscaleJson,
  OrdinaryInvoiceJson,
  SimplifiedInvoiceJson,
} from '../model/json-types.ts';
import { invoiceToJson } from '../model/to-json.ts';
import { list, one, text, texts } from '../reading/values.ts';
import { parseInvoiceXml } from '../xml-document.ts';
import { emptyDraft, emptyPaymentDetail, isSimplifiedDraft } from './draft.ts';
import type {
  DeliveryChannel,
  DraftAdjustment,
  DraftParty,
  DraftReference,
  DraftReferenceKind,
  InvoiceDraft,
} from './draft.ts';
import { money, parseTyped } from './numbers.ts';
import { REFERENCE_ELEMENTS } from './to-invoice/general-data.ts';
import { addressOf, registerEntryOf, simplifiedDraft } from './from-simplified.ts';
import { computeTotals } from './totals.ts';

export type OpenMode =
  /** The document as it is (same number, date and progressive). */
  | 'open'
  /** A new invoice with the same parties and lines: number, progressive and payment dates cleared, dated `today`. */
  | 'duplicate'
  /** Resend a discarded invoice: same number and date (allowed within 5 days of the rejection), new progressive. */
  | 'correct'
  /** A TD04 credit note for the whole invoice, linked through DatiFattureCollegate, with its lines. */
  | 'creditNote';

export interface OpenOptions {
  mode?: OpenMode;
  /** 1-based FatturaElettronicaBody of a lotto. Default 1. */
  body?: number;
  /** YYYY-MM-DD for the new document of 'duplicate' and 'creditNote'. Default: the original's date. */
  today?: string;
}

/** The number of documents (bodies) in an ordinary invoice file. */
export function documentCount(input: string | Uint8Array | FatturaPAJson): number {
  return list(toJson(input).FatturaElettronicaBody).length;
}

function toJson(input: string | Uint8Array | FatturaPAJson): FatturaPAJson {
  return typeof input === 'string' || input instanceof Uint8Array
    ? invoiceToJson(parseInvoiceXml(input))
    : input;
}

const t = (value: unknown): string => text(value) ?? '';

function party(
  id: IdFiscaleJson | undefined,
  fiscalCode: unknown,
  names: Partial<AnagraficaJson> | undefined,
): DraftParty {
  return {
    name: t(names?.Denominazione),
    firstName: t(names?.Nome),
    lastName: t(names?.Cognome),
    title: t(names?.Titolo),
    eori: t(names?.CodEORI),
    vat: { country: t(id?.IdPaese), code: t(id?.IdCodice) },
    fiscalCode: t(fiscalCode),
  };
}

function adjustments(value: unknown): DraftAdjustment[] {
  return list(value as Record<string, unknown>[] | undefined).map((a) => ({
    type: t(a.Tipo) === 'MG' ? 'MG' : 'SC',
    percentage: t(a.Percentuale),
    amount: t(a.Importo),
  }));
}

function channelOf(code: string, pec: string): DeliveryChannel {
  if (code === 'XXXXXXX') return 'foreign';
  if (code === '0000000') return pec === '' ? 'none' : 'pec';
  return code.length === 6 ? 'pa' : 'code';
}

/** Opens one document of an ordinary FatturaPA file as a draft. */
export function draftFromInvoice(
  input: string | Uint8Array | FatturaPAJson,
  options: OpenOptions = {},
): InvoiceDraft {
  const source = toJson(input);
  if (source['@versione'] === 'FSM10') {
    if ((options.body ?? 1) !== 1) throw new RangeError(`no document ${options.body} in the file`);
    return applyMode(simplifiedDraft(source as SimplifiedInvoiceJson), options);
  }
  const json = source as OrdinaryInvoiceJson;
  const header = one(json.FatturaElettronicaHeader);
  const bodies = list(json.FatturaElettronicaBody);
  const body: BodyJson | undefined = bodies[(options.body ?? 1) - 1];
  if (header === undefined || body === undefined)
    throw new RangeError(`no document ${options.body ?? 1} in the file`);
  const draft = emptyDraft();

  const trasmissione = one(header.DatiTrasmissione);
  const code = t(trasmissione?.CodiceDestinatario);
  const pec = t(trasmissione?.PECDestinatario);
  const contattiT = one(trasmissione?.ContattiTrasmittente);
  draft.transmission = {
    transmitter: {
      country: t(trasmissione?.IdTrasmittente?.IdPaese),
      code: t(trasmissione?.IdTrasmittente?.IdCodice),
    },
    progressive: t(trasmissione?.ProgressivoInvio),
    contacts: contattiT === undefined ? null : { phone: t(contattiT.Telefono), email: t(contattiT.Email) },
  };

  const cedente = one(header.CedentePrestatore);
  const sData = one(cedente?.DatiAnagrafici);
  const rea = one(cedente?.IscrizioneREA);
  const contatti = one(cedente?.Contatti);
  draft.supplier = {
    ...party(one(sData?.IdFiscaleIVA), sData?.CodiceFiscale, one(sData?.Anagrafica)),
    address: addressOf(one(cedente?.Sede)),
    permanentEstablishment: cedente?.StabileOrganizzazione
      ? addressOf(one(cedente.StabileOrganizzazione))
      : null,
    regime: t(sData?.RegimeFiscale),
    rea: rea === undefined ? null : registerEntryOf(rea),
    professionalRegister:
      text(sData?.AlboProfessionale) === null
        ? null
        : {
            name: t(sData?.AlboProfessionale),
            province: t(sData?.ProvinciaAlbo),
            number: t(sData?.NumeroIscrizioneAlbo),
            date: t(sData?.DataIscrizioneAlbo),
          },
    contacts:
      contatti === undefined
        ? null
        : { phone: t(contatti.Telefono), fax: t(contatti.Fax), email: t(contatti.Email) },
    administrationReference: t(cedente?.RiferimentoAmministrazione),
  };

  const rappresentante = one(one(header.RappresentanteFiscale)?.DatiAnagrafici);
  draft.supplierRepresentative =
    rappresentante === undefined
      ? null
      : party(one(rappresentante.IdFiscaleIVA), rappresentante.CodiceFiscale, one(rappresentante.Anagrafica));

  const cessionario = one(header.CessionarioCommittente);
  const cData = one(cessionario?.DatiAnagrafici);
  const cRep = one(cessionario?.RappresentanteFiscale);
  const channel = channelOf(code, pec);
  draft.customer = {
    ...party(one(cData?.IdFiscaleIVA), cData?.CodiceFiscale, one(cData?.Anagrafica)),
    address: addressOf(one(cessionario?.Sede)),
    permanentEstablishment: cessionario?.StabileOrganizzazione
      ? addressOf(one(cessionario.StabileOrganizzazione))
      : null,
    delivery: { channel, code: channel === 'code' || channel === 'pa' ? code : '', pec },
    representative: cRep === undefined ? null : party(one(cRep.IdFiscaleIVA), undefined, cRep),
  };

  const terzo = one(one(header.TerzoIntermediarioOSoggettoEmittente)?.DatiAnagrafici);
  draft.intermediary =
    terzo === undefined ? null : party(one(terzo.IdFiscaleIVA), terzo.CodiceFiscale, one(terzo.Anagrafica));
  const issuer = t(header.SoggettoEmittente);
  draft.issuer = issuer === 'CC' || issuer === 'TZ' ? issuer : '';

  // ---- body
  const generali = one(body.DatiGenerali);
  const documento = one(generali?.DatiGeneraliDocumento);
  draft.document = {
    type: t(documento?.TipoDocumento),
    date: t(documento?.Data),
    number: t(documento?.Numero),
    currency: t(documento?.Divisa) || 'EUR',
    reasons: texts(documento?.Causale),
    art73: t(documento?.Art73) === 'SI',
    declaredTotal: '',
    omitTotal: text(documento?.ImportoTotaleDocumento) === null,
  };

  draft.references = [];
  for (const [kind, element] of Object.entries(REFERENCE_ELEMENTS) as [DraftReferenceKind, string][]) {
    const entries = list(
      (generali as Record<string, unknown> | undefined)?.[element] as Record<string, unknown>[],
    );
    for (const r of entries) {
      draft.references.push({
        kind,
        id: t(r.IdDocumento),
        date: t(r.Data),
        lines: texts(r.RiferimentoNumeroLinea),
        itemNumber: t(r.NumItem),
        jobCode: t(r.CodiceCommessaConvenzione),
        cup: t(r.CodiceCUP),
        cig: t(r.CodiceCIG),
      });
    }
  }
  draft.deliveryNotes = list(generali?.DatiDDT).map((n) => ({
    number: t(n.NumeroDDT),
    date: t(n.DataDDT),
    lines: texts(n.RiferimentoNumeroLinea),
  }));
  draft.transport = generali?.DatiTrasporto ? structuredClone(one(generali.DatiTrasporto) ?? null) : null;

  const beniServizi = one(body.DatiBeniServizi);
  const summaries = list(beniServizi?.DatiRiepilogo);
  const legalReferenceOf = (rate: string, nature: string): string =>
    t(
      summaries.find((row) => t(row.Natura) === nature && Number(t(row.AliquotaIVA)) === Number(rate))
        ?.RiferimentoNormativo,
    );
  const seenReference = new Set<string>();
  draft.lines = list(beniServizi?.DettaglioLinee).map((line) => {
    const rate = t(line.AliquotaIVA);
    const nature = t(line.Natura);
    const group = `${Number(rate)}|${nature}`;
    // The summary's RiferimentoNormativo goes back on the first line of its group.
    const legalReference = seenReference.has(group) ? '' : legalReferenceOf(rate, nature);
    seenReference.add(group);
    return {
      kind: t(line.TipoCessionePrestazione),
      codes: list(line.CodiceArticolo).map((c) => ({ type: t(c.CodiceTipo), value: t(c.CodiceValore) })),
      description: t(line.Descrizione),
      quantity: t(line.Quantita),
      unit: t(line.UnitaMisura),
      periodStart: t(line.DataInizioPeriodo),
      periodEnd: t(line.DataFinePeriodo),
      unitPrice: t(line.PrezzoUnitario),
      adjustments: adjustments(line.ScontoMaggiorazione),
      vatRate: rate,
      nature,
      legalReference,
      withholding: t(line.Ritenuta) === 'SI',
      administrationReference: t(line.RiferimentoAmministrazione),
      otherData: list(line.AltriDatiGestionali).map((o) => ({
        type: t(o.TipoDato),
        text: t(o.RiferimentoTesto),
        number: t(o.RiferimentoNumero),
        date: t(o.RiferimentoData),
      })),
    };
  });

  draft.documentAdjustments = adjustments(documento?.ScontoMaggiorazione);
  draft.withholdings = list(documento?.DatiRitenuta).map((w) => ({
    type: t(w.TipoRitenuta),
    rate: t(w.AliquotaRitenuta),
    reason: t(w.CausalePagamento),
    basePercent: '',
    amount: '',
  }));
  draft.funds = list(documento?.DatiCassaPrevidenziale).map((f) => {
    const rate = t(f.AliquotaIVA);
    const nature = t(f.Natura);
    const group = `${Number(rate)}|${nature}`;
    const legalReference = seenReference.has(group) ? '' : legalReferenceOf(rate, nature);
    seenReference.add(group);
    return {
      type: t(f.TipoCassa),
      rate: t(f.AlCassa),
      base: t(f.ImponibileCassa),
      vatRate: rate,
      nature,
      legalReference,
      withholding: t(f.Ritenuta) === 'SI',
      administrationReference: t(f.RiferimentoAmministrazione),
    };
  });

  const bollo = one(documento?.DatiBollo);
  draft.stamp =
    bollo === undefined ? { mode: 'no', amount: '' } : { mode: 'yes', amount: t(bollo.ImportoBollo) };
  const chargeabilities = summaries.map((row) => t(row.EsigibilitaIVA)).filter((value) => value !== '');
  const chargeability = chargeabilities.includes('S') ? 'S' : (chargeabilities[0] ?? '');
  draft.chargeability =
    chargeability === 'I' || chargeability === 'D' || chargeability === 'S' ? chargeability : '';

  draft.payments = list(body.DatiPagamento).map((p) => ({
    conditions: t(p.CondizioniPagamento),
    details: list(p.DettaglioPagamento).map((d) => ({
      ...emptyPaymentDetail(),
      beneficiary: t(d.Beneficiario),
      method: t(d.ModalitaPagamento),
      termsStart: t(d.DataRiferimentoTerminiPagamento),
      termsDays: t(d.GiorniTerminiPagamento),
      due: t(d.DataScadenzaPagamento),
      amount: t(d.ImportoPagamento),
      institution: t(d.IstitutoFinanziario),
      iban: t(d.IBAN),
      abi: t(d.ABI),
      cab: t(d.CAB),
      bic: t(d.BIC),
      earlyPaymentDiscount: t(d.ScontoPagamentoAnticipato),
      earlyPaymentLimit: t(d.DataLimitePagamentoAnticipato),
      latePaymentPenalty: t(d.PenalitaPagamentiRitardati),
      penaltyFrom: t(d.DataDecorrenzaPenale),
      paymentCode: t(d.CodicePagamento),
    })),
  }));
  draft.attachments = list(body.Allegati).map((a) => ({
    name: t(a.NomeAttachment),
    compression: t(a.AlgoritmoCompressione),
    format: t(a.FormatoAttachment),
    description: t(a.DescrizioneAttachment),
    contentBase64: t(a.Attachment).replace(/\s+/g, ''),
  }));

  keepDeclaredAmounts(draft, documento);
  return applyMode(draft, options);
}

/**
 * Withholding amounts and the declared total are computed; where the file states other figures (a withholding on
 * part of the lines only, a total net of the withholdings), they are kept as the draft's overrides so that an
 * unchanged draft composes the same document.
 */
function keepDeclaredAmounts(draft: InvoiceDraft, documento: DatiGeneraliDocumentoJson | undefined): void {
  const totals = computeTotals(draft);
  list(documento?.DatiRitenuta).forEach((w, i) => {
    const withholding = draft.withholdings[i];
    const declared = parseTyped(t(w.ImportoRitenuta));
    const computed = totals.withholdings[i]?.computed;
    if (withholding && declared !== null && money(declared) !== computed)
      withholding.amount = money(declared);
  });
  const declaredTotal = parseTyped(t(documento?.ImportoTotaleDocumento));
  if (declaredTotal === null) return;
  const recomputed = computeTotals(draft).documentTotal;
  if (money(declaredTotal) !== recomputed) draft.document.declaredTotal = money(declaredTotal);
}

function applyMode(draft: InvoiceDraft, options: OpenOptions): InvoiceDraft {
  const mode = options.mode ?? 'open';
  if (mode === 'open') return draft;
  // A new or resent document gets its figures computed again.
  draft.document.declaredTotal = '';
  draft.document.omitTotal = false;
  // Every new or resent document needs a new file name, hence a new progressive.
  draft.transmission.progressive = '';
  if (mode === 'correct') return draft;
  const original = { number: draft.document.number, date: draft.document.date };
  draft.document.number = '';
  draft.document.date = options.today ?? draft.document.date;
  // Amounts and dates of the payments belong to the old document: proposed again from the new totals.
  for (const payment of draft.payments) {
    for (const detail of payment.details) {
      detail.amount = '';
      detail.due = '';
      detail.termsStart = '';
    }
  }
  if (mode === 'creditNote') {
    // A simplified invoice is credited by a simplified note (art. 21-bis allows it whatever the amount).
    draft.document.type = isSimplifiedDraft(draft) ? 'TD08' : 'TD04';
    if (isSimplifiedDraft(draft)) draft.document.reasons = [];
    draft.references = [
      ...draft.references.filter((r) => r.kind !== 'linkedInvoice'),
      {
        kind: 'linkedInvoice',
        id: original.number,
        date: original.date,
        lines: [],
        itemNumber: '',
        jobCode: '',
        cup: '',
        cig: '',
      } satisfies DraftReference,
    ];
    // A stamp duty, if due on the credit note, is decided again from its own amounts.
    draft.stamp = { mode: 'auto', amount: '' };
  }
  return draft;
}
