/** DatiTrasmissione: who transmits, and where SdI delivers (the customer's channel decides the recipient code). */
import type { InvoiceDraft } from '../draft.ts';
import type { Json, Trace } from './trace.ts';
import { optional } from './values.ts';

/** IdTrasmittente: the transmitter typed, else the supplier (its fiscal code, else its VAT number). */
export function idTrasmittente(draft: InvoiceDraft, trace: Trace): Json {
  const supplier = draft.supplier;
  const transmitter = draft.transmission.transmitter;
  const typed = transmitter.code.trim() !== '';
  const id = typed
    ? { IdPaese: transmitter.country.trim().toUpperCase() || 'IT', IdCodice: transmitter.code.trim() }
    : supplier.fiscalCode.trim() !== ''
      ? { IdPaese: 'IT', IdCodice: supplier.fiscalCode.trim().toUpperCase() }
      : { IdPaese: supplier.vat.country.trim().toUpperCase(), IdCodice: supplier.vat.code.trim() };
  const path = typed ? 'transmission.transmitter' : 'supplier.fiscalCode';
  return trace.node(id, path, { IdPaese: path, IdCodice: path });
}

export function datiTrasmissione(draft: InvoiceDraft, format: 'FPA12' | 'FPR12', trace: Trace): Json {
  const delivery = draft.customer.delivery;
  const recipientCode =
    delivery.channel === 'code' || delivery.channel === 'pa'
      ? delivery.code.trim().toUpperCase()
      : delivery.channel === 'foreign'
        ? 'XXXXXXX'
        : '0000000';
  const pec = delivery.channel === 'pec' || delivery.channel === 'code' ? optional(delivery.pec) : undefined;
  const contacts = draft.transmission.contacts;
  return trace.node(
    {
      IdTrasmittente: idTrasmittente(draft, trace),
      ProgressivoInvio: draft.transmission.progressive.trim(),
      FormatoTrasmissione: format,
      CodiceDestinatario: recipientCode,
      ContattiTrasmittente:
        contacts === null
          ? undefined
          : trace.node(
              { Telefono: optional(contacts.phone), Email: optional(contacts.email) },
              'transmission.contacts',
              { Telefono: 'transmission.contacts.phone', Email: 'transmission.contacts.email' },
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
}
