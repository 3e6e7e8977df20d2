/** CessionarioCommittente: the customer, its addresses and its fiscal representative (who has no address). */
import type { DraftCustomer, DraftParty } from '../draft.ts';
import { datiAnagrafici, idFiscaleIva, indirizzo, nameFields } from './parties.ts';
import type { Json, Trace } from './trace.ts';

function rappresentanteFiscale(representative: DraftParty, trace: Trace): Json {
  const path = 'customer.representative';
  return trace.node(
    {
      IdFiscaleIVA: idFiscaleIva(representative, path, true, trace),
      ...nameFields(representative, path, trace),
    },
    path,
    { Nome: `${path}.firstName`, Cognome: `${path}.lastName` },
  );
}

export function cessionarioCommittente(c: DraftCustomer, trace: Trace): Json {
  return trace.node(
    {
      DatiAnagrafici: datiAnagrafici(c, 'customer', false, trace),
      Sede: indirizzo(c.address, 'customer.address', trace),
      StabileOrganizzazione:
        c.permanentEstablishment === null
          ? undefined
          : indirizzo(c.permanentEstablishment, 'customer.permanentEstablishment', trace),
      RappresentanteFiscale:
        c.representative === null ? undefined : rappresentanteFiscale(c.representative, trace),
    },
    'customer',
  );
}
