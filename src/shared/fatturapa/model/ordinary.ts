import { FatturaElettronicaBodyType } from './ordinary-body.ts';
import { FatturaElettronicaHeaderType } from './ordinary-header.ts';
import { DSIG_NAMESPACE, FormatoTrasmissioneType, SignatureContent, String10Type } from './simple-types.ts';
import { complex, el } from './types.ts';
import type { RootDef } from './types.ts';

export const ORDINARY_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

export const FatturaElettronicaType = complex('FatturaElettronicaType', [
  el('FatturaElettronicaHeader', FatturaElettronicaHeaderType),
  el('FatturaElettronicaBody', FatturaElettronicaBodyType, '+'),
  el('Signature', SignatureContent, '?', { namespace: DSIG_NAMESPACE }),
]);

/**
 * FatturaPA 1.2.3 (Schema_VFPR12_v1.2.3.xsd), shared by FPA12 and FPR12. It differs from 1.2.2 only by
 * two codes (TipoDocumento TD29, RegimeFiscale RF20), so a 1.2.2 document is also valid here.
 */
export const ORDINARY_MODEL = {
  name: 'FatturaElettronica',
  namespace: ORDINARY_NAMESPACE,
  type: FatturaElettronicaType,
  attributes: [
    { name: 'versione', type: FormatoTrasmissioneType, required: true },
    { name: 'SistemaEmittente', type: String10Type, required: false },
  ],
} as const satisfies RootDef<typeof FatturaElettronicaType>;
