/** CedentePrestatore: the supplier, with its professional register, regime, REA entry and contacts. */
import type { DraftRegisterEntry, DraftSupplier } from '../draft.ts';
import { datiAnagrafici, indirizzo } from './parties.ts';
import type { Json, Trace } from './trace.ts';
import { optional, optionalDecimal } from './values.ts';

/** The party's DatiAnagrafici with the supplier's own members after Anagrafica: AlboProfessionale…, RegimeFiscale. */
function supplierDatiAnagrafici(s: DraftSupplier, trace: Trace): Json {
  const data = datiAnagrafici(s, 'supplier', true, trace);
  const albo = s.professionalRegister;
  Object.assign(data, {
    AlboProfessionale: albo === null ? undefined : albo.name.trim(),
    ProvinciaAlbo: albo === null ? undefined : optional(albo.province),
    NumeroIscrizioneAlbo: albo === null ? undefined : optional(albo.number),
    DataIscrizioneAlbo: albo === null ? undefined : optional(albo.date),
    RegimeFiscale: s.regime.trim(),
  });
  return trace.node(data, '', {
    AlboProfessionale: 'supplier.professionalRegister.name',
    ProvinciaAlbo: 'supplier.professionalRegister.province',
    NumeroIscrizioneAlbo: 'supplier.professionalRegister.number',
    DataIscrizioneAlbo: 'supplier.professionalRegister.date',
    RegimeFiscale: 'supplier.regime',
  });
}

/** IscrizioneREA: the same in FPR12 and FSM10 (to-invoice/simplified.ts writes it too). */
export function iscrizioneRea(rea: DraftRegisterEntry, trace: Trace): Json {
  return trace.node(
    {
      Ufficio: rea.office.trim().toUpperCase(),
      NumeroREA: rea.number.trim(),
      CapitaleSociale: optionalDecimal(rea.shareCapital),
      SocioUnico: optional(rea.soleShareholder),
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
  );
}

export function cedentePrestatore(s: DraftSupplier, trace: Trace): Json {
  return trace.node(
    {
      DatiAnagrafici: supplierDatiAnagrafici(s, trace),
      Sede: indirizzo(s.address, 'supplier.address', trace),
      StabileOrganizzazione:
        s.permanentEstablishment === null
          ? undefined
          : indirizzo(s.permanentEstablishment, 'supplier.permanentEstablishment', trace),
      IscrizioneREA: s.rea === null ? undefined : iscrizioneRea(s.rea, trace),
      Contatti:
        s.contacts === null
          ? undefined
          : trace.node(
              {
                Telefono: optional(s.contacts.phone),
                Fax: optional(s.contacts.fax),
                Email: optional(s.contacts.email),
              },
              'supplier.contacts',
              {
                Telefono: 'supplier.contacts.phone',
                Fax: 'supplier.contacts.fax',
                Email: 'supplier.contacts.email',
              },
            ),
      RiferimentoAmministrazione: optional(s.administrationReference),
    },
    'supplier',
    { RiferimentoAmministrazione: 'supplier.administrationReference' },
  );
}
