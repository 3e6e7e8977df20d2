import { formatRomeDate, formatRomeDateTime } from './rome-time.ts';
import { serializeSigned } from './signature.ts';
import { B2B_NAMESPACE, NotificationInputError, PA_NAMESPACE, ROOT_ELEMENTS } from './types.ts';
import type {
  AttestazioneTrasmissioneFatturaInput,
  BuildOptions,
  Destinatario,
  EsitoCommittenteFields,
  MetadatiInvioFileInput,
  NotificaDecorrenzaTerminiInput,
  NotificaEsitoCommittenteInput,
  NotificaEsitoInput,
  NotificaMancataConsegnaInput,
  NotificaScartoInput,
  NotificationCommon,
  NotificationFamily,
  NotificationInput,
  NotificationType,
  RicevutaConsegnaInput,
  RiferimentoArchivio,
  RiferimentoFattura,
  ScartoEsitoCommittenteInput,
} from './types.ts';
import { XML_DECLARATION, element, optional, serializeElement } from './xml-writer.ts';
import type { XmlChild, XmlElement } from './xml-writer.ts';

/*
 * One builder per message. Element order follows the xsd:sequence of MessaggiTypes_v1.1 (PA) and
 * MessaggiFatturaTypes_v1.0 (B2B) exactly; the schemas are strict sequences, so order is validity.
 * Inputs that could only produce an invalid file (identifiers, codes) throw NotificationInputError; free
 * text longer than the schema allows is cut, because the receiver of a notification cannot fix SdI's text.
 */

/** The family of the messages about an invoice of that format: PA for FPA12 (and the legacy SDI1x). */
export function notificationFamilyForFormat(format: string): NotificationFamily {
  return format === 'FPA12' || format === 'SDI10' || format === 'SDI11' ? 'pa' : 'b2b';
}

export function buildNotification(
  family: NotificationFamily,
  input: NotificationInput,
  options: BuildOptions = {},
): string {
  switch (input.type) {
    case 'RC':
      return buildRicevutaConsegna(family, input, options);
    case 'NS':
      return buildNotificaScarto(family, input, options);
    case 'MC':
      return buildNotificaMancataConsegna(family, input, options);
    case 'MT':
      if (options.signer !== undefined) {
        throw new NotificationInputError('signer', 'MT has no ds:Signature in its schema');
      }
      return buildMetadatiInvioFile(family, input);
    case 'NE':
      requirePa(family, 'NE');
      return buildNotificaEsito(input, options);
    case 'DT':
      requirePa(family, 'DT');
      return buildNotificaDecorrenzaTermini(input, options);
    case 'AT':
      requirePa(family, 'AT');
      return buildAttestazioneTrasmissioneFattura(input, options);
    case 'EC':
      requirePa(family, 'EC');
      return buildNotificaEsitoCommittente(input, options);
    case 'SE':
      requirePa(family, 'SE');
      return buildScartoEsitoCommittente(input, options);
  }
}

/** RC: delivered. PA `RicevutaConsegna`, B2B `RicevutaConsegna` (with Hash). */
export function buildRicevutaConsegna(
  family: NotificationFamily,
  input: RicevutaConsegnaInput,
  options: BuildOptions = {},
): string {
  const c = common(family, input);
  if (family === 'pa' && input.destinatario === undefined) {
    throw new NotificationInputError('destinatario', 'is mandatory in the PA RicevutaConsegna');
  }
  const attributes =
    family === 'pa'
      ? flagAttribute('IntermediarioConDupliceRuolo', input.intermediarioConDupliceRuolo)
      : flagAttribute('FlussoSemplificato', input.flussoSemplificato);
  return finish(
    family,
    'RC',
    [
      c.identificativoSdI,
      c.nomeFile,
      family === 'b2b' && element('Hash', c.hash),
      c.dataOraRicezione,
      element('DataOraConsegna', dateTime('dataOraConsegna', input.dataOraConsegna)),
      input.destinatario && destinatario(family, input.destinatario),
      riferimentoArchivio(family, input.riferimentoArchivio),
      c.messageId,
      optional('PecMessageId', input.pecMessageId),
      optional('Note', input.note),
    ],
    options,
    attributes,
  );
}

/** NS: rejected. PA `NotificaScarto`, B2B `RicevutaScarto` (with Hash and Suggerimento). */
export function buildNotificaScarto(
  family: NotificationFamily,
  input: NotificaScartoInput,
  options: BuildOptions = {},
): string {
  const c = common(family, input);
  const limits = LIMITS[family];
  if (input.errors.length < 1 || input.errors.length > 200) {
    throw new NotificationInputError('errors', `must list 1 to 200 errors, got ${input.errors.length}`);
  }
  const errors = input.errors.map((error, index) => {
    if (!limits.errorCode.test(error.codice)) {
      throw new NotificationInputError(
        `errors[${index}].codice`,
        `"${error.codice}" is not a valid ${family} error code`,
      );
    }
    return element('Errore', [
      element('Codice', error.codice),
      element('Descrizione', cut(error.descrizione, limits.descrizione)),
      family === 'b2b' && element('Suggerimento', cut(error.suggerimento ?? '', 2000)),
    ]);
  });
  return finish(
    family,
    'NS',
    [
      c.identificativoSdI,
      c.nomeFile,
      family === 'b2b' && element('Hash', c.hash),
      c.dataOraRicezione,
      riferimentoArchivio(family, input.riferimentoArchivio),
      element('ListaErrori', errors),
      c.messageId,
      optional('PecMessageId', input.pecMessageId),
      optional('Note', input.note),
    ],
    options,
  );
}

/** MC: not delivered. PA `NotificaMancataConsegna`, B2B `RicevutaImpossibilitaRecapito`. */
export function buildNotificaMancataConsegna(
  family: NotificationFamily,
  input: NotificaMancataConsegnaInput,
  options: BuildOptions = {},
): string {
  const c = common(family, input);
  let dataMessaADisposizione: XmlElement | undefined;
  if (family === 'b2b') {
    if (input.dataMessaADisposizione === undefined) {
      throw new NotificationInputError(
        'dataMessaADisposizione',
        'is mandatory in RicevutaImpossibilitaRecapito',
      );
    }
    dataMessaADisposizione = element('DataMessaADisposizione', date(input.dataMessaADisposizione));
  }
  return finish(
    family,
    'MC',
    [
      c.identificativoSdI,
      c.nomeFile,
      family === 'b2b' && element('Hash', c.hash),
      c.dataOraRicezione,
      dataMessaADisposizione,
      riferimentoArchivio(family, input.riferimentoArchivio),
      descrizione(family, input.descrizione),
      c.messageId,
      optional('PecMessageId', input.pecMessageId),
      optional('Note', input.note),
    ],
    options,
  );
}

/** MT: sent to the recipient with the invoice. PA `MetadatiInvioFile`, B2B `FileMetadati` (with Hash). */
export function buildMetadatiInvioFile(family: NotificationFamily, input: MetadatiInvioFileInput): string {
  const c = common(family, input);
  const limits = LIMITS[family];
  if (!limits.codiceDestinatario.test(input.codiceDestinatario)) {
    throw new NotificationInputError(
      'codiceDestinatario',
      `"${input.codiceDestinatario}" does not match ${limits.codiceDestinatario.source}`,
    );
  }
  if (input.formato.length < 1 || input.formato.length > 5) {
    throw new NotificationInputError('formato', 'must be 1 to 5 characters');
  }
  const tentativi = input.tentativiInvio ?? 1;
  if (!Number.isInteger(tentativi) || tentativi < 0) {
    throw new NotificationInputError('tentativiInvio', 'must be a non-negative integer');
  }
  // Neither schema gives MT a ds:Signature, hence no BuildOptions here.
  return finish(
    family,
    'MT',
    [
      c.identificativoSdI,
      c.nomeFile,
      family === 'b2b' && element('Hash', c.hash),
      element('CodiceDestinatario', input.codiceDestinatario),
      element('Formato', input.formato),
      element('TentativiInvio', String(tentativi)),
      c.messageId,
      optional('Note', input.note),
    ],
    {},
  );
}

/** NE (PA only): SdI forwards the recipient's EC01/EC02 to the transmitter. */
export function buildNotificaEsito(input: NotificaEsitoInput, options: BuildOptions = {}): string {
  const c = common('pa', input);
  return finish(
    'pa',
    'NE',
    [
      c.identificativoSdI,
      c.nomeFile,
      element('EsitoCommittente', esitoCommittenteContent(input.identificativoSdI, input.esitoCommittente), {
        versione: '1.0',
      }),
      c.messageId,
      optional('PecMessageId', input.pecMessageId),
      optional('Note', input.note),
    ],
    options,
    flagAttribute('IntermediarioConDupliceRuolo', input.intermediarioConDupliceRuolo),
  );
}

/** DT (PA only): 15 days passed without an outcome from the recipient. */
export function buildNotificaDecorrenzaTermini(
  input: NotificaDecorrenzaTerminiInput,
  options: BuildOptions = {},
): string {
  const c = common('pa', input);
  return finish(
    'pa',
    'DT',
    [
      c.identificativoSdI,
      riferimentoFattura(input.riferimentoFattura),
      c.nomeFile,
      descrizione('pa', input.descrizione),
      c.messageId,
      optional('PecMessageId', input.pecMessageId),
      optional('Note', input.note),
    ],
    options,
    flagAttribute('IntermediarioConDupliceRuolo', input.intermediarioConDupliceRuolo),
  );
}

/** AT (PA only): still undeliverable 10 days after the MC; closes the flow. */
export function buildAttestazioneTrasmissioneFattura(
  input: AttestazioneTrasmissioneFatturaInput,
  options: BuildOptions = {},
): string {
  const c = common('pa', input);
  return finish(
    'pa',
    'AT',
    [
      c.identificativoSdI,
      c.nomeFile,
      c.dataOraRicezione,
      riferimentoArchivio('pa', input.riferimentoArchivio),
      destinatario('pa', input.destinatario),
      c.messageId,
      optional('PecMessageId', input.pecMessageId),
      optional('Note', input.note),
      element('HashFileOriginale', c.hash),
    ],
    options,
  );
}

/** EC (PA only): the outcome a PA recipient sends to SdI. */
export function buildNotificaEsitoCommittente(
  input: NotificaEsitoCommittenteInput,
  options: BuildOptions = {},
): string {
  return finish('pa', 'EC', esitoCommittenteContent(input.identificativoSdI, input), options);
}

/** SE (PA only): SdI tells the PA recipient its EC was rejected (EN00 not conforming, EN01 not admissible). */
export function buildScartoEsitoCommittente(
  input: ScartoEsitoCommittenteInput,
  options: BuildOptions = {},
): string {
  if (input.scarto !== 'EN00' && input.scarto !== 'EN01') {
    throw new NotificationInputError('scarto', 'must be EN00 or EN01');
  }
  return finish(
    'pa',
    'SE',
    [
      element('IdentificativoSdI', identificativoSdI('pa', 'identificativoSdI', input.identificativoSdI)),
      riferimentoFattura(input.riferimentoFattura),
      element('Scarto', input.scarto),
      element('MessageId', messageId(LIMITS.pa, 'messageId', input.messageId)),
      input.messageIdCommittente !== undefined &&
        element(
          'MessageIdCommittente',
          messageId(LIMITS.pa, 'messageIdCommittente', input.messageIdCommittente),
        ),
      optional('PecMessageId', input.pecMessageId),
      optional('Note', input.note),
    ],
    options,
  );
}

// ---------------------------------------------------------------------------------------------

interface FamilyLimits {
  identificativoSdI: RegExp;
  messageId: number;
  descrizione: number;
  errorCode: RegExp;
  codiceDestinatario: RegExp;
  namespace: string;
  /** The prefix real SdI output uses: naive clients match on it, so mimicking it is the safer default. */
  prefix: string;
}

const LIMITS: Record<NotificationFamily, FamilyLimits> = {
  pa: {
    identificativoSdI: /^[0-9]{1,12}$/,
    messageId: 14,
    descrizione: 255,
    errorCode: /^.{5}$/su,
    codiceDestinatario: /^[A-Z0-9]{6}$/,
    namespace: PA_NAMESPACE,
    prefix: 'types',
  },
  b2b: {
    identificativoSdI: /^.{1,36}$/su,
    messageId: 36,
    descrizione: 1000,
    errorCode: /^.{1,5}$/su,
    codiceDestinatario: /^[A-Z0-9]{6,7}$/,
    namespace: B2B_NAMESPACE,
    prefix: 'ns3',
  },
};

function finish(
  family: NotificationFamily,
  type: NotificationType,
  children: readonly XmlChild[],
  options: BuildOptions,
  extraAttributes: Record<string, string> = {},
): string {
  const limits = LIMITS[family];
  const rootName = ROOT_ELEMENTS[family][type];
  if (rootName === undefined) {
    throw new NotificationInputError('type', `${type} does not exist in the ${family} family`);
  }
  const root = element(`${limits.prefix}:${rootName}`, children, {
    [`xmlns:${limits.prefix}`]: limits.namespace,
    versione: '1.0',
    ...extraAttributes,
  });
  const body = options.signer === undefined ? serializeElement(root) : serializeSigned(root, options.signer);
  return `${XML_DECLARATION}${body}\n`;
}

function requirePa(family: NotificationFamily, type: NotificationType): void {
  if (family !== 'pa') {
    throw new NotificationInputError('type', `${type} does not exist in the ${family} family`);
  }
}

interface CommonValues {
  identificativoSdI: XmlElement;
  nomeFile: XmlElement;
  hash: string;
  dataOraRicezione: XmlElement;
  messageId: XmlElement;
}

/** Checks every common field, including those the message does not write: a bad one is a caller bug. */
function common(family: NotificationFamily, input: NotificationCommon): CommonValues {
  return {
    identificativoSdI: element(
      'IdentificativoSdI',
      identificativoSdI(family, 'identificativoSdI', input.identificativoSdI),
    ),
    nomeFile: element('NomeFile', nomeFile('nomeFile', input.nomeFile)),
    hash: hash(input.hash),
    dataOraRicezione: element('DataOraRicezione', dateTime('dataOraRicezione', input.dataOraRicezione)),
    messageId: element('MessageId', messageId(LIMITS[family], 'messageId', input.messageId)),
  };
}

function esitoCommittenteContent(id: string, fields: EsitoCommittenteFields): XmlChild[] {
  if (fields.esito !== 'EC01' && fields.esito !== 'EC02') {
    throw new NotificationInputError('esito', 'must be EC01 or EC02');
  }
  return [
    element('IdentificativoSdI', identificativoSdI('pa', 'identificativoSdI', id)),
    riferimentoFattura(fields.riferimentoFattura),
    element('Esito', fields.esito),
    descrizione('pa', fields.descrizione),
    fields.messageIdCommittente !== undefined &&
      element(
        'MessageIdCommittente',
        messageId(LIMITS.pa, 'messageIdCommittente', fields.messageIdCommittente),
      ),
  ];
}

function descrizione(family: NotificationFamily, value: string | undefined): XmlChild {
  return value === undefined ? undefined : element('Descrizione', cut(value, LIMITS[family].descrizione));
}

function destinatario(family: NotificationFamily, value: Destinatario): XmlElement {
  const limits = LIMITS[family];
  if (!limits.codiceDestinatario.test(value.codice)) {
    throw new NotificationInputError(
      'destinatario.codice',
      `"${value.codice}" does not match ${limits.codiceDestinatario.source}`,
    );
  }
  if (family === 'pa' && value.descrizione === undefined) {
    throw new NotificationInputError('destinatario.descrizione', 'is mandatory in the PA family');
  }
  return element('Destinatario', [
    element('Codice', value.codice),
    optional('Descrizione', value.descrizione),
  ]);
}

function riferimentoArchivio(family: NotificationFamily, value: RiferimentoArchivio | undefined): XmlChild {
  if (value === undefined) return undefined;
  return element('RiferimentoArchivio', [
    element(
      'IdentificativoSdI',
      identificativoSdI(family, 'riferimentoArchivio.identificativoSdI', value.identificativoSdI),
    ),
    element('NomeFile', nomeFile('riferimentoArchivio.nomeFile', value.nomeFile)),
  ]);
}

function riferimentoFattura(value: RiferimentoFattura | undefined): XmlChild {
  if (value === undefined) return undefined;
  if (!/^[\x20-\x7E]{1,20}$/.test(value.numeroFattura)) {
    throw new NotificationInputError(
      'riferimentoFattura.numeroFattura',
      'must be 1 to 20 printable ASCII characters',
    );
  }
  if (!Number.isInteger(value.annoFattura) || value.annoFattura < 0) {
    throw new NotificationInputError('riferimentoFattura.annoFattura', 'must be a non-negative integer');
  }
  const position = value.posizioneFattura;
  if (position !== undefined && (!Number.isInteger(position) || position < 1)) {
    throw new NotificationInputError('riferimentoFattura.posizioneFattura', 'must be a positive integer');
  }
  return element('RiferimentoFattura', [
    element('NumeroFattura', value.numeroFattura),
    element('AnnoFattura', String(value.annoFattura)),
    position !== undefined && element('PosizioneFattura', String(position)),
  ]);
}

function identificativoSdI(family: NotificationFamily, field: string, value: string): string {
  if (!LIMITS[family].identificativoSdI.test(value)) {
    throw new NotificationInputError(
      field,
      family === 'pa' ? 'must be 1 to 12 digits in the PA family' : 'must be 1 to 36 characters',
    );
  }
  return value;
}

function nomeFile(field: string, value: string): string {
  const length = [...value].length;
  if (length < 1 || length > 50) throw new NotificationInputError(field, 'must be 1 to 50 characters');
  return value;
}

function messageId(limits: FamilyLimits, field: string, value: string): string {
  const length = [...value].length;
  if (length < 1 || length > limits.messageId) {
    throw new NotificationInputError(field, `must be 1 to ${limits.messageId} characters`);
  }
  return value;
}

function hash(value: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new NotificationInputError('hash', 'must be a SHA-256 in hex');
  return value.toLowerCase();
}

function dateTime(field: string, value: Date): string {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new NotificationInputError(field, 'must be a valid Date');
  }
  return formatRomeDateTime(value);
}

function date(value: Date | string): string {
  if (typeof value === 'string') {
    if (!/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/.test(value)) {
      throw new NotificationInputError('dataMessaADisposizione', 'must be YYYY-MM-DD');
    }
    return value;
  }
  if (Number.isNaN(value.getTime()))
    throw new NotificationInputError('dataMessaADisposizione', 'must be a valid Date');
  return formatRomeDate(value);
}

/** Schema maxLength counts characters (code points), not UTF-16 units. */
function cut(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max ? value : chars.slice(0, max).join('');
}

function flagAttribute(name: string, on: boolean | undefined): Record<string, string> {
  return on === true ? { [name]: 'Si' } : {};
}
