/**
 * A simplified invoice or note (TD07–TD09) in the FSM10 format (Schema_VFSM10.xsd 1.0.1): the same draft, written
 * in the simpler structure. Each draft line is one DatiBeniServizi whose Importo includes the VAT (the official
 * samples' reading: 120.00 at 22 % is 98.36 + 21.64), with Imposta and Aliquota both given so every reader gets
 * the same VAT; a note names the invoice it corrects in DatiFatturaRettificata, with the causale as
 * ElementiRettificati (what it corrects). What FSM10 cannot carry (payments, withholdings, funds, document
 * adjustments, other references) is left out; checkDraft warns at each such field.
 */
import type { DraftCustomer, DraftParty, DraftSupplier, InvoiceDraft } from '../draft.ts';
import type { DraftTotals, SimplifiedItem } from '../totals.ts';
import { allegati } from './attachments.ts';
import { idFiscaleIva, indirizzo, nameFields } from './parties.ts';
import { iscrizioneRea } from './supplier.ts';
import type { Json, Trace } from './trace.ts';
import { optional, optionalDecimal } from './values.ts';

/** The draft line a DatiBeniServizi comes from: FSM10 repeats DatiBeniServizi where FPR12 repeats DettaglioLinee. */
function datiBeniServizi(draft: InvoiceDraft, items: readonly SimplifiedItem[], trace: Trace): Json[] {
  return draft.lines.map((line, i) => {
    const path = `lines[${i}]`;
    const nature = optional(line.nature);
    return trace.node(
      {
        Descrizione: line.description.trim(),
        Importo: items[i]?.gross ?? '0.00',
        DatiIVA: trace.node(
          {
            Imposta: items[i]?.vat ?? '0.00',
            Aliquota: optionalDecimal(line.vatRate === '' && nature !== undefined ? '0' : line.vatRate),
          },
          `${path}.vatRate`,
          { Imposta: `${path}.vatRate`, Aliquota: `${path}.vatRate` },
        ),
        Natura: nature,
        RiferimentoNormativo: optional(line.legalReference),
      },
      path,
      {
        Descrizione: `${path}.description`,
        Importo: `${path}.unitPrice`,
        Natura: `${path}.nature`,
        RiferimentoNormativo: `${path}.legalReference`,
      },
    );
  });
}

/** RappresentanteFiscale (IdFiscaleIVA and a name, no address in either party). */
function rappresentanteFiscale(p: DraftParty, path: string, trace: Trace): Json {
  return trace.node(
    { IdFiscaleIVA: idFiscaleIva(p, path, true, trace), ...nameFields(p, path, trace) },
    path,
    {
      Nome: `${path}.firstName`,
      Cognome: `${path}.lastName`,
    },
  );
}

function cedentePrestatore(draft: InvoiceDraft, trace: Trace): Json {
  const s: DraftSupplier = draft.supplier;
  return trace.node(
    {
      IdFiscaleIVA: idFiscaleIva(s, 'supplier', true, trace),
      CodiceFiscale: optional(s.fiscalCode)?.toUpperCase(),
      ...nameFields(s, 'supplier', trace),
      Sede: indirizzo(s.address, 'supplier.address', trace),
      StabileOrganizzazione:
        s.permanentEstablishment === null
          ? undefined
          : indirizzo(s.permanentEstablishment, 'supplier.permanentEstablishment', trace),
      RappresentanteFiscale:
        draft.supplierRepresentative === null
          ? undefined
          : rappresentanteFiscale(draft.supplierRepresentative, 'supplierRepresentative', trace),
      IscrizioneREA: s.rea === null ? undefined : iscrizioneRea(s.rea, trace),
      RegimeFiscale: s.regime.trim(),
    },
    'supplier',
    {
      CodiceFiscale: 'supplier.fiscalCode',
      Nome: 'supplier.firstName',
      Cognome: 'supplier.lastName',
      RegimeFiscale: 'supplier.regime',
    },
  );
}

/**
 * IdentificativiFiscali (the VAT number and/or the fiscal code; SdI wants one of them), and the name and address
 * when the draft has them (AltriDatiIdentificativi is optional as a whole, its name and Sede are not).
 */
function cessionarioCommittente(c: DraftCustomer, trace: Trace): Json {
  const named = [c.name, c.firstName, c.lastName].some((v) => v.trim() !== '');
  return trace.node(
    {
      IdentificativiFiscali: trace.node(
        {
          IdFiscaleIVA: idFiscaleIva(c, 'customer', false, trace),
          CodiceFiscale: optional(c.fiscalCode)?.toUpperCase(),
        },
        'customer.vat',
        { CodiceFiscale: 'customer.fiscalCode' },
      ),
      AltriDatiIdentificativi: named
        ? trace.node(
            {
              ...nameFields(c, 'customer', trace),
              Sede: indirizzo(c.address, 'customer.address', trace),
              StabileOrganizzazione:
                c.permanentEstablishment === null
                  ? undefined
                  : indirizzo(c.permanentEstablishment, 'customer.permanentEstablishment', trace),
              RappresentanteFiscale:
                c.representative === null
                  ? undefined
                  : rappresentanteFiscale(c.representative, 'customer.representative', trace),
            },
            'customer.name',
            { Nome: 'customer.firstName', Cognome: 'customer.lastName' },
          )
        : undefined,
    },
    'customer',
  );
}

/** DatiTrasmissione: FSM10 has no ContattiTrasmittente and only 7-character codes (never a PA). */
function datiTrasmissione(draft: InvoiceDraft, transmitter: Json, trace: Trace): Json {
  const delivery = draft.customer.delivery;
  const recipientCode =
    delivery.channel === 'code' || delivery.channel === 'pa'
      ? delivery.code.trim().toUpperCase()
      : delivery.channel === 'foreign'
        ? 'XXXXXXX'
        : '0000000';
  return trace.node(
    {
      IdTrasmittente: transmitter,
      ProgressivoInvio: draft.transmission.progressive.trim(),
      FormatoTrasmissione: 'FSM10',
      CodiceDestinatario: recipientCode,
      PECDestinatario:
        delivery.channel === 'pec' || delivery.channel === 'code' ? optional(delivery.pec) : undefined,
    },
    'transmission',
    {
      ProgressivoInvio: 'transmission.progressive',
      FormatoTrasmissione: 'document.type',
      CodiceDestinatario: 'customer.delivery.code',
      PECDestinatario: 'customer.delivery.pec',
    },
  );
}

/** DatiGenerali: the document, and for a note the invoice it corrects with what it corrects. */
function datiGenerali(draft: InvoiceDraft, totals: DraftTotals, trace: Trace): Json {
  const doc = draft.document;
  const linked = draft.references.findIndex((r) => r.kind === 'linkedInvoice');
  const reference = draft.references[linked];
  return trace.node(
    {
      DatiGeneraliDocumento: trace.node(
        {
          TipoDocumento: doc.type,
          Divisa: doc.currency.trim().toUpperCase(),
          Data: doc.date.trim(),
          Numero: doc.number.trim(),
          BolloVirtuale: totals.stamp.applied ? 'SI' : undefined,
        },
        'document',
        {
          TipoDocumento: 'document.type',
          Divisa: 'document.currency',
          Data: 'document.date',
          Numero: 'document.number',
          BolloVirtuale: 'stamp',
        },
      ),
      DatiFatturaRettificata:
        reference === undefined
          ? undefined
          : trace.node(
              {
                NumeroFR: reference.id.trim(),
                DataFR: reference.date.trim(),
                ElementiRettificati: doc.reasons.join('').trim(),
              },
              `references[${linked}]`,
              {
                NumeroFR: `references[${linked}].id`,
                DataFR: `references[${linked}].date`,
                ElementiRettificati: 'document.reasons',
              },
            ),
    },
    'document',
  );
}

/** The FSM10 document of a simplified draft; `transmitter` is the IdTrasmittente the ordinary composer derives. */
export function composeSimplified(
  draft: InvoiceDraft,
  totals: DraftTotals,
  transmitter: Json,
  trace: Trace,
): Json {
  const header = trace.node(
    {
      DatiTrasmissione: datiTrasmissione(draft, transmitter, trace),
      CedentePrestatore: cedentePrestatore(draft, trace),
      CessionarioCommittente: cessionarioCommittente(draft.customer, trace),
      SoggettoEmittente: optional(draft.issuer),
    },
    '',
    { SoggettoEmittente: 'issuer' },
  );
  const body = {
    DatiGenerali: datiGenerali(draft, totals, trace),
    DatiBeniServizi: datiBeniServizi(draft, totals.simplifiedItems ?? [], trace),
    Allegati: allegati(draft.attachments, trace),
  };
  return { '@versione': 'FSM10', FatturaElettronicaHeader: header, FatturaElettronicaBody: [body] };
}
