/**
 * A simplified invoice or note (FSM10) → draft, the way from-invoice.ts opens an ordinary one: to duplicate it, to
 * correct and resend it, or to write its credit note (TD08). Each DatiBeniServizi becomes a line whose unit price
 * is Importo less its VAT (Imposta when given, else Importo × 100 ÷ (100 + Aliquota) to the cent), so an unchanged
 * draft composes the same items again (to-invoice/simplified.ts adds the VAT back). A note's DatiFatturaRettificata
 * is its linked invoice, with ElementiRettificati as the causale.
 */
import type { IdFiscaleJson, IndirizzoJson, SimplifiedInvoiceJson } from '../model/json-types.ts';
import { list, one, text } from '../reading/values.ts';
import { add, decimal, divide, mul, sub } from '../sdi-checks/decimal.ts';
import { emptyDraft, emptyLine } from './draft.ts';
import type {
  DeliveryChannel,
  DraftAddress,
  DraftLine,
  DraftParty,
  DraftRegisterEntry,
  InvoiceDraft,
} from './draft.ts';
import { money, parseTyped } from './numbers.ts';

const t = (value: unknown): string => text(value) ?? '';

/** IscrizioneREA's members as either format's JSON has them. */
type RegisterEntryJson = Partial<
  Record<'Ufficio' | 'NumeroREA' | 'CapitaleSociale' | 'SocioUnico' | 'StatoLiquidazione', unknown>
>;

/** IscrizioneREA as the draft holds it: the same element in both formats (from-invoice.ts reads it with this). */
export function registerEntryOf(rea: RegisterEntryJson): DraftRegisterEntry {
  return {
    office: t(rea.Ufficio),
    number: t(rea.NumeroREA),
    shareCapital: t(rea.CapitaleSociale),
    soleShareholder: t(rea.SocioUnico) === 'SU' ? 'SU' : t(rea.SocioUnico) === 'SM' ? 'SM' : '',
    liquidation: t(rea.StatoLiquidazione) === 'LS' ? 'LS' : 'LN',
  };
}

/** Sede or StabileOrganizzazione as the draft holds it (from-invoice.ts reads the ordinary format's with it). */
export function addressOf(sede: IndirizzoJson | undefined): DraftAddress {
  return {
    street: t(sede?.Indirizzo),
    number: t(sede?.NumeroCivico),
    postcode: t(sede?.CAP),
    town: t(sede?.Comune),
    province: t(sede?.Provincia),
    country: t(sede?.Nazione) || 'IT',
  };
}

interface Names {
  Denominazione?: unknown;
  Nome?: unknown;
  Cognome?: unknown;
}

function party(id: IdFiscaleJson | undefined, fiscalCode: unknown, names: Names | undefined): DraftParty {
  return {
    name: t(names?.Denominazione),
    firstName: t(names?.Nome),
    lastName: t(names?.Cognome),
    title: '',
    eori: '',
    vat: { country: t(id?.IdPaese) || (id === undefined ? 'IT' : ''), code: t(id?.IdCodice) },
    fiscalCode: t(fiscalCode),
  };
}

const HUNDRED = decimal('100');

/** The line's amount before VAT: Importo less Imposta, else less the VAT the rate includes. */
function netOf(importo: string, imposta: string, rate: string): string {
  const gross = parseTyped(importo) ?? decimal('0');
  const tax = parseTyped(imposta);
  if (tax !== null) return money(sub(gross, tax));
  const percent = parseTyped(rate) ?? decimal('0');
  return money(divide(mul(gross, HUNDRED), add(HUNDRED, percent), 2) ?? gross);
}

/** Opens the first document of a simplified file as a draft (its mode is applied by draftFromInvoice). */
export function simplifiedDraft(json: SimplifiedInvoiceJson): InvoiceDraft {
  const header = one(json.FatturaElettronicaHeader);
  const body = list(json.FatturaElettronicaBody)[0];
  if (header === undefined || body === undefined) throw new RangeError('no document 1 in the file');
  const draft = emptyDraft();

  const trasmissione = one(header.DatiTrasmissione);
  const code = t(trasmissione?.CodiceDestinatario);
  const pec = t(trasmissione?.PECDestinatario);
  draft.transmission = {
    transmitter: {
      country: t(trasmissione?.IdTrasmittente?.IdPaese),
      code: t(trasmissione?.IdTrasmittente?.IdCodice),
    },
    progressive: t(trasmissione?.ProgressivoInvio),
    contacts: null,
  };

  const cedente = one(header.CedentePrestatore);
  const rea = one(cedente?.IscrizioneREA);
  const stabile = one(cedente?.StabileOrganizzazione);
  draft.supplier = {
    ...draft.supplier,
    ...party(one(cedente?.IdFiscaleIVA), cedente?.CodiceFiscale, cedente),
    address: addressOf(one(cedente?.Sede)),
    permanentEstablishment: stabile === undefined ? null : addressOf(stabile),
    regime: t(cedente?.RegimeFiscale) || 'RF01',
    rea: rea === undefined ? null : registerEntryOf(rea),
  };
  const supplierRep = one(cedente?.RappresentanteFiscale);
  draft.supplierRepresentative =
    supplierRep === undefined ? null : party(one(supplierRep.IdFiscaleIVA), undefined, supplierRep);

  const cessionario = one(header.CessionarioCommittente);
  const ids = one(cessionario?.IdentificativiFiscali);
  const others = one(cessionario?.AltriDatiIdentificativi);
  const customerRep = one(others?.RappresentanteFiscale);
  const customerStabile = one(others?.StabileOrganizzazione);
  const channel: DeliveryChannel =
    code === 'XXXXXXX' ? 'foreign' : code === '0000000' ? (pec === '' ? 'none' : 'pec') : 'code';
  draft.customer = {
    ...party(one(ids?.IdFiscaleIVA), ids?.CodiceFiscale, others),
    address: addressOf(one(others?.Sede)),
    permanentEstablishment: customerStabile === undefined ? null : addressOf(customerStabile),
    delivery: { channel, code: channel === 'code' ? code : '', pec },
    representative:
      customerRep === undefined ? null : party(one(customerRep.IdFiscaleIVA), undefined, customerRep),
  };
  draft.issuer =
    t(header.SoggettoEmittente) === 'CC' ? 'CC' : t(header.SoggettoEmittente) === 'TZ' ? 'TZ' : '';

  const generali = one(body.DatiGenerali);
  const documento = one(generali?.DatiGeneraliDocumento);
  const rettificata = one(generali?.DatiFatturaRettificata);
  draft.document = {
    ...draft.document,
    type: t(documento?.TipoDocumento) || 'TD07',
    date: t(documento?.Data),
    number: t(documento?.Numero),
    currency: t(documento?.Divisa) || 'EUR',
    reasons: rettificata === undefined ? [] : [t(rettificata.ElementiRettificati)],
  };
  draft.references =
    rettificata === undefined
      ? []
      : [
          {
            kind: 'linkedInvoice',
            id: t(rettificata.NumeroFR),
            date: t(rettificata.DataFR),
            lines: [],
            itemNumber: '',
            jobCode: '',
            cup: '',
            cig: '',
          },
        ];
  draft.stamp = { mode: t(documento?.BolloVirtuale) === 'SI' ? 'yes' : 'no', amount: '' };

  draft.lines = list(body.DatiBeniServizi).map((item): DraftLine => {
    const iva = one(item.DatiIVA);
    const rate = t(iva?.Aliquota);
    const nature = t(item.Natura);
    return {
      ...emptyLine(),
      description: t(item.Descrizione),
      unitPrice: netOf(t(item.Importo), t(iva?.Imposta), nature === '' ? rate : '0'),
      vatRate: nature === '' ? rate || '0.00' : '0.00',
      nature,
      legalReference: t(item.RiferimentoNormativo),
    };
  });
  draft.attachments = list(body.Allegati).map((a) => ({
    name: t(a.NomeAttachment),
    compression: t(a.AlgoritmoCompressione),
    format: t(a.FormatoAttachment),
    description: t(a.DescrizioneAttachment),
    contentBase64: t(a.Attachment).replace(/\s+/g, ''),
  }));
  return draft;
}
