import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { EntityDecoderOptions } from 'fast-xml-parser';
import { B2B_NAMESPACE, PA_NAMESPACE, ROOT_ELEMENTS } from './types.ts';
import type { Esito, NotificationError, NotificationFamily, NotificationType, ScartoEsito } from './types.ts';

/**
 * What parseNotification reads back. Values are the element texts (trimmed), so dates keep the offset SdI
 * wrote. Tolerant on purpose: real SdI files miss elements their schema requires (no Hash in 2018 receipts),
 * so only the root element, its namespace and IdentificativoSdI are demanded.
 */
export interface ParsedNotification {
  type: NotificationType;
  family: NotificationFamily;
  /** Local name of the root element, e.g. `RicevutaScarto`. */
  rootElement: string;
  identificativoSdI: string;
  /** `MessageId`; for an EC, which has none, its `MessageIdCommittente`; null when absent. */
  messageId: string | null;
  nomeFile?: string;
  hash?: string;
  dataOraRicezione?: string;
  dataOraConsegna?: string;
  descrizione?: string;
  note?: string;
  errors?: NotificationError[];
  /** EC: its Esito; NE: the Esito of the embedded EsitoCommittente. */
  esito?: Esito;
  scarto?: ScartoEsito;
  signed: boolean;
}

export class NotificationParseError extends Error {
  override readonly name = 'NotificationParseError';
}

const TYPE_BY_ROOT: Record<NotificationFamily, Map<string, NotificationType>> = {
  pa: invert(ROOT_ELEMENTS.pa),
  b2b: invert(ROOT_ELEMENTS.b2b),
};

export function parseNotification(xml: string | Uint8Array): ParsedNotification {
  const text = (typeof xml === 'string' ? xml : decodeUtf8(xml)).replace(/^\uFEFF/, '');
  // Notifications never need a DTD; refusing it removes entity expansion and external entities outright.
  if (/<!(?:DOCTYPE|ENTITY)/i.test(text))
    throw new NotificationParseError('DOCTYPE/ENTITY declarations are not allowed');
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    throw new NotificationParseError(
      `not well-formed XML (line ${wellFormed.err.line}): ${wellFormed.err.msg}`,
    );
  }
  const document: unknown = parser.parse(text);
  const rootEntry = Object.entries(isRecord(document) ? document : {}).find(([key]) => !key.startsWith('?'));
  if (rootEntry === undefined || !isRecord(rootEntry[1])) throw new NotificationParseError('no root element');
  const [qualifiedName, rootValue] = rootEntry;
  const colon = qualifiedName.indexOf(':');
  const prefix = colon === -1 ? null : qualifiedName.slice(0, colon);
  const rootElement = qualifiedName.slice(colon + 1);
  const namespace = rootValue[prefix === null ? '@_xmlns' : `@_xmlns:${prefix}`];
  const family: NotificationFamily | undefined =
    namespace === PA_NAMESPACE ? 'pa' : namespace === B2B_NAMESPACE ? 'b2b' : undefined;
  if (family === undefined) {
    throw new NotificationParseError(`root namespace "${String(namespace)}" is not an SdI message namespace`);
  }
  const type = TYPE_BY_ROOT[family].get(rootElement);
  if (type === undefined) throw new NotificationParseError(`${rootElement} is not a ${family} SdI message`);

  const root = localNames(rootValue);
  const identificativoSdI = textOf(root.IdentificativoSdI);
  if (identificativoSdI === undefined) throw new NotificationParseError('IdentificativoSdI is missing');
  const esitoCommittente = isRecord(root.EsitoCommittente) ? root.EsitoCommittente : undefined;
  const esito = textOf(type === 'NE' ? esitoCommittente?.Esito : root.Esito);
  const scarto = textOf(root.Scarto);

  const result: ParsedNotification = {
    type,
    family,
    rootElement,
    identificativoSdI,
    messageId: textOf(root.MessageId) ?? textOf(root.MessageIdCommittente) ?? null,
    signed: root.Signature !== undefined,
  };
  assignText(result, 'nomeFile', root.NomeFile);
  assignText(result, 'hash', root.Hash ?? root.HashFileOriginale);
  assignText(result, 'dataOraRicezione', root.DataOraRicezione);
  assignText(result, 'dataOraConsegna', root.DataOraConsegna);
  assignText(result, 'descrizione', root.Descrizione);
  assignText(result, 'note', root.Note);
  if (esito === 'EC01' || esito === 'EC02') result.esito = esito;
  if (scarto === 'EN00' || scarto === 'EN01') result.scarto = scarto;
  if (isRecord(root.ListaErrori)) result.errors = readErrors(root.ListaErrori);
  return result;
}

function readErrors(lista: Record<string, unknown>): NotificationError[] {
  const entries = Array.isArray(lista.Errore) ? lista.Errore : [lista.Errore];
  return entries.filter(isRecord).map((entry) => {
    const error: NotificationError = {
      codice: textOf(entry.Codice) ?? '',
      descrizione: textOf(entry.Descrizione) ?? '',
    };
    const suggerimento = textOf(entry.Suggerimento);
    if (suggerimento !== undefined) error.suggerimento = suggerimento;
    return error;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Prefixes are kept so the root's namespace declaration can be matched to it; localNames() drops them.
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  entityDecoder: xmlEntityDecoder(),
  maxNestedTags: 64,
});

/** Element keys without namespace prefixes, recursively; attributes are dropped. */
function localNames(value: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('@_')) continue;
    const local = key.slice(key.indexOf(':') + 1);
    result[local] = Array.isArray(child) ? child.map(localChild) : localChild(child);
  }
  return result;
}

function localChild(value: unknown): unknown {
  return isRecord(value) ? localNames(value) : value;
}

/** Text of a leaf; an element with attributes is an object whose text sits under `#text`. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isRecord(value))
    return typeof value['#text'] === 'string'
      ? value['#text']
      : Object.keys(value).length === 0
        ? ''
        : undefined;
  return undefined;
}

function assignText(
  target: ParsedNotification,
  key: 'nomeFile' | 'hash' | 'dataOraRicezione' | 'dataOraConsegna' | 'descrizione' | 'note',
  value: unknown,
): void {
  const text = textOf(value);
  if (text !== undefined) target[key] = text;
}

function xmlEntityDecoder(): EntityDecoderOptions {
  const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return {
    // fast-xml-parser decodes character references only together with the HTML entity set; XML needs just
    // the five predefined entities and numeric references (our own writer emits &#xD; for carriage returns).
    decode: (value) =>
      value.replace(
        /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g,
        (whole, dec?: string, hex?: string, name?: string) => {
          if (name !== undefined) return predefined[name] ?? whole;
          const codePoint = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
          return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
        },
      ),
    reset: () => {},
    setXmlVersion: () => {},
    setExternalEntities: () => {},
    addInputEntities: () => {
      throw new NotificationParseError('DTD entities reached the parser');
    },
  };
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NotificationParseError('not valid UTF-8');
  }
}

function invert(roots: Partial<Record<NotificationType, string>>): Map<string, NotificationType> {
  return new Map(Object.entries(roots).map(([type, root]) => [root, type as NotificationType]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
