/**
 * Draft → FatturaPA JSON (the model's JSON shape, json-types.ts) → XML through the model's serializer.
 *
 * Typed values are written in the XSD's lexical form (decimals get their minimum number of decimals, blanks are
 * left out); everything computed comes from totals.ts. Composing never fails: a draft with gaps gives a document
 * with gaps, and checkDraft reports them at the draft's fields. Every element written is traced back to the
 * draft field it came from (`fieldMap`), so a problem found by the schema or SdI checks at
 * `FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/PrezzoUnitario` is shown at `lines[2].unitPrice`.
 */
import { compiledModels } from '../model/compile.ts';
import type { CompiledComplex } from '../model/compile.ts';
import type { OrdinaryInvoiceJson } from '../model/json-types.ts';
import { invoiceToXml } from '../model/to-xml.ts';
import type { InvoiceToXmlOptions } from '../model/to-xml.ts';
import type { DraftAddress, DraftAdjustment, DraftParty, DraftReferenceKind, InvoiceDraft } from './draft.ts';
import { transmissionFormat } from './draft.ts';
import { lexical } from './numbers.ts';
import { computeTotals } from './totals.ts';
import type { DraftTotals } from './totals.ts';

export interface ComposedInvoice {
  json: OrdinaryInvoiceJson;
  totals: DraftTotals;
  /**
   * FatturaPA element path (as the structure validator and the SdI checks write it, relative to the root) → the
   * draft field it came from, e.g. `FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdCodice`
   * → `customer.vat`. Containers are mapped too (`…/DettaglioLinee[3]` → `lines[2]`); see draftFieldOf.
   */
  fieldMap: Map<string, string>;
}

export const REFERENCE_ELEMENTS: Record<DraftReferenceKind, string> = {
  order: 'DatiOrdineAcquisto',
  contract: 'DatiContratto',
  agreement: 'DatiConvenzione',
  receipt: 'DatiRicezione',
  linkedInvoice: 'DatiFattureCollegate',
};

type Json = Record<string, unknown>;

/** Draft paths of the JSON built: per object, '' for the object itself and one entry per leaf key. */
class Trace {
  readonly paths = new WeakMap<object, Map<string, string>>();

  node<T extends object>(object: T, draftPath: string, leaves: Record<string, string> = {}): T {
    const map = this.paths.get(object) ?? new Map<string, string>();
    if (draftPath !== '') map.set('', draftPath);
    for (const [name, path] of Object.entries(leaves)) map.set(name, path);
    this.paths.set(object, map);
    return object;
  }
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

const opt = blankToUndefined;

function optDecimal(value: string, min = 2): string | undefined {
  return value.trim() === '' ? undefined : lexical(value, min);
}

export function composeInvoice(draft: InvoiceDraft): ComposedInvoice {
  const totals = computeTotals(draft);
  const trace = new Trace();
  const format = transmissionFormat(draft);

  const address = (a: DraftAddress, path: string): Json => {
    const country = a.country.trim() === '' ? 'IT' : a.country.trim().toUpperCase();
    // Foreign addresses have no Italian CAP; the AdE instructions ask for 00000 then.
    const postcode = a.postcode.trim() === '' && country !== 'IT' ? '00000' : a.postcode.trim();
    return trace.node(
      {
        Indirizzo: a.street.trim(),
        NumeroCivico: opt(a.number),
        CAP: postcode,
        Comune: a.town.trim(),
        Provincia: opt(a.province)?.toUpperCase(),
        Nazione: country,
      },
      path,
      {
        Indirizzo: `${path}.street`,
        NumeroCivico: `${path}.number`,
        CAP: `${path}.postcode`,
        Comune: `${path}.town`,
        Provincia: `${path}.province`,
        Nazione: `${path}.country`,
      },
    );
  };

  const vatId = (p: DraftParty, path: string, always: boolean): Json | undefined => {
    if (!always && p.vat.code.trim() === '') return undefined;
    return trace.node(
      { IdPaese: p.vat.country.trim().toUpperCase(), IdCodice: p.vat.code.trim() },
      `${path}.vat`,
      { IdPaese: `${path}.vat`, IdCodice: `${path}.vat` },
    );
  };

  /** Denominazione, or Nome + Cognome when the name is blank and a first or last name is given. */
  const nameFields = (p: DraftParty, path: string): Json => {
    const person = p.name.trim() === '' && (p.firstName.trim() !== '' || p.lastName.trim() !== '');
    return person
      ? { Nome: p.firstName.trim(), Cognome: p.lastName.trim() }
      : trace.node({ Denominazione: p.name.trim() }, '', { Denominazione: `${path}.name` });
  };

  const anagrafica = (p: DraftParty, path: string): Json =>
    trace.node({ ...nameFields(p, path), Titolo: opt(p.title), CodEORI: opt(p.eori) }, `${path}.name`, {
      Denominazione: `${path}.name`,
      Nome: `${path}.firstName`,
      Cognome: `${path}.lastName`,
      Titolo: `${path}.title`,
      CodEORI: `${path}.eori`,
    });

  const datiAnagrafici = (p: DraftParty, path: string, vatRequired: boolean): Json =>
    trace.node(
      {
        IdFiscaleIVA: vatId(p, path, vatRequired),
        CodiceFiscale: opt(p.fiscalCode)?.toUpperCase(),
        Anagrafica: anagrafica(p, path),
      },
      path,
      { CodiceFiscale: `${path}.fiscalCode` },
    );

  // ---- header
  const s = draft.supplier;
  const transmitter = draft.transmission.transmitter;
  const transmitterId =
    transmitter.code.trim() !== ''
      ? { IdPaese: transmitter.country.trim().toUpperCase() || 'IT', IdCodice: transmitter.code.trim() }
      : s.fiscalCode.trim() !== ''
        ? { IdPaese: 'IT', IdCodice: s.fiscalCode.trim().toUpperCase() }
        : { IdPaese: s.vat.country.trim().toUpperCase(), IdCodice: s.vat.code.trim() };
  const delivery = draft.customer.delivery;
  const recipientCode =
    delivery.channel === 'code' || delivery.channel === 'pa'
      ? delivery.code.trim().toUpperCase()
      : delivery.channel === 'foreign'
        ? 'XXXXXXX'
        : '0000000';
  const pec = delivery.channel === 'pec' || delivery.channel === 'code' ? opt(delivery.pec) : undefined;
  const transmitterPath = transmitter.code.trim() !== '' ? 'transmission.transmitter' : 'supplier.fiscalCode';
  const contactsT = draft.transmission.contacts;

  const datiTrasmissione = trace.node(
    {
      IdTrasmittente: trace.node(transmitterId, transmitterPath, {
        IdPaese: transmitterPath,
        IdCodice: transmitterPath,
      }),
      ProgressivoInvio: draft.transmission.progressive.trim(),
      FormatoTrasmissione: format,
      CodiceDestinatario: recipientCode,
      ContattiTrasmittente:
        contactsT === null
          ? undefined
          : trace.node(
              { Telefono: opt(contactsT.phone), Email: opt(contactsT.email) },
              'transmission.contacts',
              {
                Telefono: 'transmission.contacts.phone',
                Email: 'transmission.contacts.email',
              },
            ),
      PECDestinatario: pec,
    },
    'transmission',
    {
      ProgressivoInvio: 'transmission.progressive',
      FormatoTrasmissione: 'customer.delivery.channel',
      CodiceDestinatario: 'customer.delivery.code',
      PECDestinatario: 'customer.delivery.pec',
    },
  );

  const supplierData = datiAnagrafici(s, 'supplier', true);
  const albo = s.professionalRegister;
  Object.assign(supplierData, {
    AlboProfessionale: albo === null ? undefined : albo.name.trim(),
    ProvinciaAlbo: albo === null ? undefined : opt(albo.province),
    NumeroIscrizioneAlbo: albo === null ? undefined : opt(albo.number),
    DataIscrizioneAlbo: albo === null ? undefined : opt(albo.date),
    RegimeFiscale: s.regime.trim(),
  });
  trace.node(supplierData, '', {
    AlboProfessionale: 'supplier.professionalRegister.name',
    ProvinciaAlbo: 'supplier.professionalRegister.province',
    NumeroIscrizioneAlbo: 'supplier.professionalRegister.number',
    DataIscrizioneAlbo: 'supplier.professionalRegister.date',
    RegimeFiscale: 'supplier.regime',
  });
  const rea = s.rea;
  const cedente = trace.node(
    {
      DatiAnagrafici: supplierData,
      Sede: address(s.address, 'supplier.address'),
      StabileOrganizzazione:
        s.permanentEstablishment === null
          ? undefined
          : address(s.permanentEstablishment, 'supplier.permanentEstablishment'),
      IscrizioneREA:
        rea === null
          ? undefined
          : trace.node(
              {
                Ufficio: rea.office.trim().toUpperCase(),
                NumeroREA: rea.number.trim(),
                CapitaleSociale: optDecimal(rea.shareCapital),
                SocioUnico: opt(rea.soleShareholder),
                StatoLiquidazione: rea.liquidation,
              },
              'supplier.rea',
              {
                Ufficio: 'supplier.rea.office',
                NumeroREA: 'supplier.rea.number',
                CapitaleSociale: 'supplier.rea.shareCapital',
                SocioUnico: 'supplier.rea.soleShareholder',
                StatoLiquidazione: 'supplier.rea.liquidation',
              },
            ),
      Contatti:
        s.contacts === null
          ? undefined
          : trace.node(
              { Telefono: opt(s.contacts.phone), Fax: opt(s.contacts.fax), Email: opt(s.contacts.email) },
              'supplier.contacts',
              {
                Telefono: 'supplier.contacts.phone',
                Fax: 'supplier.contacts.fax',
                Email: 'supplier.contacts.email',
              },
            ),
      RiferimentoAmministrazione: opt(s.administrationReference),
    },
    'supplier',
    { RiferimentoAmministrazione: 'supplier.administrationReference' },
  );

  const c = draft.customer;
  const customerRep = c.representative;
  const cessionario = trace.node(
    {
      DatiAnagrafici: datiAnagrafici(c, 'customer', false),
      Sede: address(c.address, 'customer.address'),
      StabileOrganizzazione:
        c.permanentEstablishment === null
          ? undefined
          : address(c.permanentEstablishment, 'customer.permanentEstablishment'),
      RappresentanteFiscale:
        customerRep === null
          ? undefined
          : trace.node(
              {
                IdFiscaleIVA: vatId(customerRep, 'customer.representative', true),
                ...nameFields(customerRep, 'customer.representative'),
              },
              'customer.representative',
              {
                Nome: 'customer.representative.firstName',
                Cognome: 'customer.representative.lastName',
              },
            ),
    },
    'customer',
  );

  const representative = draft.supplierRepresentative;
  const intermediary = draft.intermediary;
  const header = trace.node(
    {
      DatiTrasmissione: datiTrasmissione,
      CedentePrestatore: cedente,
      RappresentanteFiscale:
        representative === null
          ? undefined
          : { DatiAnagrafici: datiAnagrafici(representative, 'supplierRepresentative', true) },
      CessionarioCommittente: cessionario,
      TerzoIntermediarioOSoggettoEmittente:
        intermediary === null
          ? undefined
          : { DatiAnagrafici: datiAnagrafici(intermediary, 'intermediary', false) },
      SoggettoEmittente: opt(draft.issuer),
    },
    '',
    { SoggettoEmittente: 'issuer' },
  );

  // ---- body
  const d = draft.document;
  const adjustment = (a: DraftAdjustment, path: string): Json =>
    trace.node({ Tipo: a.type, Percentuale: optDecimal(a.percentage), Importo: optDecimal(a.amount) }, path, {
      Tipo: `${path}.type`,
      Percentuale: `${path}.percentage`,
      Importo: `${path}.amount`,
    });

  const datiGeneraliDocumento = trace.node(
    {
      TipoDocumento: d.type.trim(),
      Divisa: d.currency.trim() === '' ? 'EUR' : d.currency.trim().toUpperCase(),
      Data: d.date.trim(),
      Numero: d.number.trim(),
      DatiRitenuta: draft.withholdings.map((w, i) =>
        trace.node(
          {
            TipoRitenuta: w.type.trim(),
            ImportoRitenuta: totals.withholdings[i]?.amount ?? '0.00',
            AliquotaRitenuta: lexical(w.rate, 2),
            CausalePagamento: w.reason.trim(),
          },
          `withholdings[${i}]`,
          {
            TipoRitenuta: `withholdings[${i}].type`,
            ImportoRitenuta: `withholdings[${i}].amount`,
            AliquotaRitenuta: `withholdings[${i}].rate`,
            CausalePagamento: `withholdings[${i}].reason`,
          },
        ),
      ),
      DatiBollo: totals.stamp.applied
        ? trace.node({ BolloVirtuale: 'SI', ImportoBollo: totals.stamp.amount }, 'stamp', {
            ImportoBollo: 'stamp.amount',
          })
        : undefined,
      DatiCassaPrevidenziale: draft.funds.map((f, i) =>
        trace.node(
          {
            TipoCassa: f.type.trim(),
            AlCassa: lexical(f.rate, 2),
            ImportoContributoCassa: totals.funds[i]?.amount ?? '0.00',
            ImponibileCassa: optDecimal(f.base),
            AliquotaIVA: lexical(f.vatRate.trim() === '' ? '0' : f.vatRate, 2),
            Ritenuta: f.withholding ? 'SI' : undefined,
            Natura: opt(f.nature),
            RiferimentoAmministrazione: opt(f.administrationReference),
          },
          `funds[${i}]`,
          {
            TipoCassa: `funds[${i}].type`,
            AlCassa: `funds[${i}].rate`,
            ImportoContributoCassa: `funds[${i}].rate`,
            ImponibileCassa: `funds[${i}].base`,
            AliquotaIVA: `funds[${i}].vatRate`,
            Ritenuta: `funds[${i}].withholding`,
            Natura: `funds[${i}].nature`,
            RiferimentoAmministrazione: `funds[${i}].administrationReference`,
          },
        ),
      ),
      ScontoMaggiorazione: draft.documentAdjustments.map((a, i) =>
        adjustment(a, `documentAdjustments[${i}]`),
      ),
      ImportoTotaleDocumento: opt(totals.declaredTotal),
      Causale: d.reasons.map((reason) => reason.trim()).filter((reason) => reason !== ''),
      Art73: d.art73 ? 'SI' : undefined,
    },
    'document',
    {
      TipoDocumento: 'document.type',
      Divisa: 'document.currency',
      Data: 'document.date',
      Numero: 'document.number',
      ImportoTotaleDocumento: 'document.declaredTotal',
      Causale: 'document.reasons',
      Art73: 'document.art73',
    },
  );

  const datiGenerali: Json = trace.node({ DatiGeneraliDocumento: datiGeneraliDocumento }, 'document');
  draft.references.forEach((r, i) => {
    const element = REFERENCE_ELEMENTS[r.kind];
    const list = (datiGenerali[element] as Json[] | undefined) ?? [];
    const path = `references[${i}]`;
    list.push(
      trace.node(
        {
          RiferimentoNumeroLinea: r.lines.map((line) => line.trim()).filter((line) => line !== ''),
          IdDocumento: r.id.trim(),
          Data: opt(r.date),
          NumItem: opt(r.itemNumber),
          CodiceCommessaConvenzione: opt(r.jobCode),
          CodiceCUP: opt(r.cup),
          CodiceCIG: opt(r.cig),
        },
        path,
        {
          RiferimentoNumeroLinea: `${path}.lines`,
          IdDocumento: `${path}.id`,
          Data: `${path}.date`,
          NumItem: `${path}.itemNumber`,
          CodiceCommessaConvenzione: `${path}.jobCode`,
          CodiceCUP: `${path}.cup`,
          CodiceCIG: `${path}.cig`,
        },
      ),
    );
    datiGenerali[element] = list;
  });
  datiGenerali.DatiDDT = draft.deliveryNotes.map((n, i) =>
    trace.node(
      {
        NumeroDDT: n.number.trim(),
        DataDDT: n.date.trim(),
        RiferimentoNumeroLinea: n.lines.map((line) => line.trim()).filter((line) => line !== ''),
      },
      `deliveryNotes[${i}]`,
      {
        NumeroDDT: `deliveryNotes[${i}].number`,
        DataDDT: `deliveryNotes[${i}].date`,
        RiferimentoNumeroLinea: `deliveryNotes[${i}].lines`,
      },
    ),
  );
  if (draft.transport !== null)
    datiGenerali.DatiTrasporto = trace.node(structuredClone(draft.transport), 'transport');

  const dettaglioLinee = draft.lines.map((line, i) => {
    const path = `lines[${i}]`;
    return trace.node(
      {
        NumeroLinea: String(i + 1),
        TipoCessionePrestazione: opt(line.kind),
        CodiceArticolo: line.codes.map((code, j) =>
          trace.node(
            { CodiceTipo: code.type.trim(), CodiceValore: code.value.trim() },
            `${path}.codes[${j}]`,
            {
              CodiceTipo: `${path}.codes[${j}].type`,
              CodiceValore: `${path}.codes[${j}].value`,
            },
          ),
        ),
        Descrizione: line.description.trim(),
        Quantita: optDecimal(line.quantity),
        UnitaMisura: opt(line.unit),
        DataInizioPeriodo: opt(line.periodStart),
        DataFinePeriodo: opt(line.periodEnd),
        PrezzoUnitario: lexical(line.unitPrice.trim() === '' ? '' : line.unitPrice, 2),
        ScontoMaggiorazione: line.adjustments.map((a, j) => adjustment(a, `${path}.adjustments[${j}]`)),
        PrezzoTotale: totals.lines[i] ?? '0.00',
        AliquotaIVA: lexical(line.vatRate.trim() === '' ? '0' : line.vatRate, 2),
        Ritenuta: line.withholding ? 'SI' : undefined,
        Natura: opt(line.nature),
        RiferimentoAmministrazione: opt(line.administrationReference),
        AltriDatiGestionali: line.otherData.map((o, j) =>
          trace.node(
            {
              TipoDato: o.type.trim(),
              RiferimentoTesto: opt(o.text),
              RiferimentoNumero: optDecimal(o.number),
              RiferimentoData: opt(o.date),
            },
            `${path}.otherData[${j}]`,
            {
              TipoDato: `${path}.otherData[${j}].type`,
              RiferimentoTesto: `${path}.otherData[${j}].text`,
              RiferimentoNumero: `${path}.otherData[${j}].number`,
              RiferimentoData: `${path}.otherData[${j}].date`,
            },
          ),
        ),
      },
      path,
      {
        NumeroLinea: path,
        TipoCessionePrestazione: `${path}.kind`,
        Descrizione: `${path}.description`,
        Quantita: `${path}.quantity`,
        UnitaMisura: `${path}.unit`,
        DataInizioPeriodo: `${path}.periodStart`,
        DataFinePeriodo: `${path}.periodEnd`,
        PrezzoUnitario: `${path}.unitPrice`,
        PrezzoTotale: `${path}.unitPrice`,
        AliquotaIVA: `${path}.vatRate`,
        Ritenuta: `${path}.withholding`,
        Natura: `${path}.nature`,
        RiferimentoAmministrazione: `${path}.administrationReference`,
      },
    );
  });

  const datiRiepilogo = totals.vatSummary.map((row) => {
    // A summary row is shown at the first line (or fund) that makes it.
    const origin =
      row.lines[0] !== undefined
        ? `lines[${row.lines[0]}]`
        : row.funds[0] !== undefined
          ? `funds[${row.funds[0]}]`
          : '';
    return trace.node(
      {
        AliquotaIVA: row.rate,
        Natura: opt(row.nature),
        ImponibileImporto: row.taxable,
        Imposta: row.tax,
        EsigibilitaIVA: opt(row.chargeability),
        RiferimentoNormativo: opt(row.legalReference),
      },
      origin,
      {
        AliquotaIVA: `${origin}.vatRate`,
        Natura: `${origin}.nature`,
        EsigibilitaIVA: 'chargeability',
        RiferimentoNormativo: `${origin}.legalReference`,
      },
    );
  });

  const datiPagamento = draft.payments.map((p, i) => {
    const path = `payments[${i}]`;
    return trace.node(
      {
        CondizioniPagamento: p.conditions.trim(),
        DettaglioPagamento: p.details.map((detail, j) => {
          const dp = `${path}.details[${j}]`;
          return trace.node(
            {
              Beneficiario: opt(detail.beneficiary),
              ModalitaPagamento: detail.method.trim(),
              DataRiferimentoTerminiPagamento: opt(detail.termsStart),
              GiorniTerminiPagamento: opt(detail.termsDays),
              DataScadenzaPagamento: opt(detail.due),
              ImportoPagamento: totals.payments[i]?.[j] ?? '0.00',
              IstitutoFinanziario: opt(detail.institution),
              IBAN: opt(detail.iban)?.replace(/\s+/g, '').toUpperCase(),
              ABI: opt(detail.abi),
              CAB: opt(detail.cab),
              BIC: opt(detail.bic)?.toUpperCase(),
              ScontoPagamentoAnticipato: optDecimal(detail.earlyPaymentDiscount),
              DataLimitePagamentoAnticipato: opt(detail.earlyPaymentLimit),
              PenalitaPagamentiRitardati: optDecimal(detail.latePaymentPenalty),
              DataDecorrenzaPenale: opt(detail.penaltyFrom),
              CodicePagamento: opt(detail.paymentCode),
            },
            dp,
            {
              Beneficiario: `${dp}.beneficiary`,
              ModalitaPagamento: `${dp}.method`,
              DataRiferimentoTerminiPagamento: `${dp}.termsStart`,
              GiorniTerminiPagamento: `${dp}.termsDays`,
              DataScadenzaPagamento: `${dp}.due`,
              ImportoPagamento: `${dp}.amount`,
              IstitutoFinanziario: `${dp}.institution`,
              IBAN: `${dp}.iban`,
              ABI: `${dp}.abi`,
              CAB: `${dp}.cab`,
              BIC: `${dp}.bic`,
              ScontoPagamentoAnticipato: `${dp}.earlyPaymentDiscount`,
              DataLimitePagamentoAnticipato: `${dp}.earlyPaymentLimit`,
              PenalitaPagamentiRitardati: `${dp}.latePaymentPenalty`,
              DataDecorrenzaPenale: `${dp}.penaltyFrom`,
              CodicePagamento: `${dp}.paymentCode`,
            },
          );
        }),
      },
      path,
      { CondizioniPagamento: `${path}.conditions` },
    );
  });

  const allegati = draft.attachments.map((a, i) => {
    const path = `attachments[${i}]`;
    return trace.node(
      {
        NomeAttachment: a.name.trim(),
        AlgoritmoCompressione: opt(a.compression),
        FormatoAttachment: opt(a.format),
        DescrizioneAttachment: opt(a.description),
        Attachment: a.contentBase64.replace(/\s+/g, ''),
      },
      path,
      {
        NomeAttachment: `${path}.name`,
        AlgoritmoCompressione: `${path}.compression`,
        FormatoAttachment: `${path}.format`,
        DescrizioneAttachment: `${path}.description`,
        Attachment: `${path}.contentBase64`,
      },
    );
  });

  const body = {
    DatiGenerali: datiGenerali,
    DatiBeniServizi: trace.node({ DettaglioLinee: dettaglioLinee, DatiRiepilogo: datiRiepilogo }, 'lines'),
    DatiPagamento: datiPagamento,
    Allegati: allegati,
  };

  const json = { '@versione': format, FatturaElettronicaHeader: header, FatturaElettronicaBody: [body] };
  prune(json);
  const fieldMap = new Map<string, string>();
  mapFields(json, compiledModels().ordinary.complex, '', '', trace, fieldMap);
  return { json: json as unknown as OrdinaryInvoiceJson, totals, fieldMap };
}

/** The composed document as XML (UTF-8 text with declaration), through the model's serializer. */
export function composeInvoiceXml(draft: InvoiceDraft, options: InvoiceToXmlOptions = {}): string {
  return invoiceToXml(composeInvoice(draft).json, options);
}

/** Drops undefined members and empty arrays in place (object identity is kept for the trace). */
function prune(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(prune);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Json;
  for (const key of Object.keys(record)) {
    const member = record[key];
    if (member === undefined || (Array.isArray(member) && member.length === 0)) delete record[key];
    else prune(member);
  }
}

/** Walks the JSON in the model's shape, writing element paths the way the validator and the checks do. */
function mapFields(
  value: Json,
  complex: CompiledComplex | null,
  path: string,
  inherited: string,
  trace: Trace,
  out: Map<string, string>,
): void {
  const own = trace.paths.get(value);
  const self = own?.get('') ?? inherited;
  if (self !== '') out.set(path, self);
  for (const key of Object.keys(value)) {
    if (key.startsWith('@')) continue;
    const slot = complex?.byName.get(key);
    const member = value[key];
    const items = Array.isArray(member) ? member : [member];
    items.forEach((item, i) => {
      const segment = slot?.repeated === true || items.length > 1 ? `${key}[${i + 1}]` : key;
      const childPath = path === '' ? segment : `${path}/${segment}`;
      const leaf = own?.get(key);
      if (typeof item === 'object' && item !== null) {
        mapFields(item as Json, slot?.complex ?? null, childPath, leaf ?? self, trace, out);
      } else {
        const target = leaf ?? self;
        if (target !== '') out.set(childPath, target);
      }
    });
  }
}

/**
 * The draft field for a FatturaPA path (a problem's `path`): the longest mapped prefix, so a problem on a
 * missing child (`…/DettaglioLinee[3]/Descrizione` when it was left out) still lands on the line. '' when
 * nothing matches (file-level problems).
 */
export function draftFieldOf(fieldMap: ReadonlyMap<string, string>, path: string): string {
  let candidate = path;
  while (candidate !== '') {
    const found = fieldMap.get(candidate);
    if (found !== undefined) return found;
    const cut = candidate.lastIndexOf('/');
    candidate = cut < 0 ? '' : candidate.slice(0, cut);
  }
  return '';
}
