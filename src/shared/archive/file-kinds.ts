/**
 * What a file in an export is, from its name and its first bytes, before anything is parsed: a ZIP to open, a
 * file an operating system left behind, SdI's metadata or one of its receipts, or a candidate invoice.
 *
 * SdI names its messages `<invoice file name without extension>_<type>_<nnn>.xml` (sdi-rules.md §a); the tax
 * portal's bulk download adds `<invoice file name>_metaDato.xml` beside each invoice. A message renamed by another
 * program is still recognised by its root element (messageOfRoot).
 */
import type { SdiMessageType } from './types.ts';

/** The last segment of a '/'-separated path (a '\' from a Windows archiver counts as a separator too). */
export function baseName(path: string): string {
  const parts = path.split(/[/\\]/);
  return parts[parts.length - 1] ?? path;
}

const SYSTEM_NAMES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

/** __MACOSX folders and AppleDouble `._` files (macOS), .DS_Store, Thumbs.db, desktop.ini. */
export function isSystemFile(path: string): boolean {
  const name = baseName(path);
  return (
    path.split(/[/\\]/).includes('__MACOSX') || name.startsWith('._') || SYSTEM_NAMES.has(name.toLowerCase())
  );
}

/** A ZIP by its signature (a local file header, or the end record of an empty archive), else by its name. */
export function isZip(path: string, bytes: Uint8Array): boolean {
  const pk = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (pk && ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06)))
    return true;
  return /\.zip$/i.test(path);
}

const MESSAGE_NAME = /_(RC|NS|MC|NE|MT|EC|SE|DT|AT)_[A-Za-z0-9]{1,3}\.xml(?:\.p7m)?$/i;
const PORTAL_METADATA_NAME = /_metadato\.xml$/i;

/** The SdI message type a file name says, or null. */
export function messageOfName(path: string): SdiMessageType | null {
  const name = baseName(path);
  if (PORTAL_METADATA_NAME.test(name)) return 'MT';
  const match = MESSAGE_NAME.exec(name);
  return match ? (match[1]!.toUpperCase() as SdiMessageType) : null;
}

/** Root elements of SdI's messages: both the PA family (MessaggiTypes) and the B2B one (MessaggiFatturaTypes). */
const MESSAGE_ROOTS: Readonly<Record<string, SdiMessageType>> = {
  RicevutaConsegna: 'RC',
  NotificaScarto: 'NS',
  RicevutaScarto: 'NS',
  NotificaMancataConsegna: 'MC',
  RicevutaImpossibilitaRecapito: 'MC',
  NotificaEsito: 'NE',
  NotificaEsitoCommittente: 'EC',
  ScartoEsitoCommittente: 'SE',
  NotificaDecorrenzaTermini: 'DT',
  AttestazioneTrasmissioneFattura: 'AT',
  MetadatiInvioFile: 'MT',
  FileMetadati: 'MT',
};

/** The SdI message type of an XML text by its root element's local name, or null. */
export function messageOfRoot(xml: string): SdiMessageType | null {
  const body = xml.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const root = /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(body)?.[1];
  return root === undefined ? null : (MESSAGE_ROOTS[root] ?? null);
}
