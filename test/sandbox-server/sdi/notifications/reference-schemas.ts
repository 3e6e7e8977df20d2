import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlValidateError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { fsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

// The reference data sits next to the repository (<repo>/../shared/reference) and is never copied into it.
export const referenceDir = fileURLToPath(new URL('../../../../../shared/reference/', import.meta.url));

/**
 * Which schema validates what (see reference/VALIDATION.md):
 * - paStrict: the official MessaggiTypes_v1.1, ds:Signature mandatory on every SdI-issued message;
 * - paRelaxed: GovWay's copy of it with the signature optional, for unsigned PA messages;
 * - b2b: GovWay's copy of MessaggiFatturaTypes_v1.0 (the unmodified official file was not found);
 * - b2bStrict: that copy with GovWay's change undone (ds:Signature mandatory again), for SDI-issued messages.
 */
export const SCHEMA_FILES = {
  paStrict: 'xsd/messaggi/MessaggiTypes_v1.1.xsd',
  paRelaxed: 'xsd/messaggi/MessaggiTypes_v1.1.GOVWAY-MODIFIED.xsd',
  b2b: 'xsd/messaggi/MessaggiFatturaTypes_v1.0.GOVWAY-MODIFIED.xsd',
  b2bStrict: 'xsd/messaggi/MessaggiFatturaTypes_v1.0.GOVWAY-MODIFIED.xsd',
} as const;

/** GovWay made the signature optional ("Modificato con minOccurs=0…"); the strict variants undo that. */
const SIGNATURE_OPTIONAL = /<xsd:element ref="ds:Signature" minOccurs="0"\/>/g;
const RESTORED: Partial<Record<string, true>> = { b2bStrict: true };
export type SchemaName = keyof typeof SCHEMA_FILES;

// MessaggiFatturaTypes imports the W3C signature schema by URL; like reference/xsd/catalog.xml does for
// xmllint, map it to the local copy instead of editing the schema.
const XMLDSIG_URL = 'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';
const XMLDSIG_LOCAL = `${referenceDir}xsd/fatturapa/xmldsig-core-schema.xsd`;

export const referenceAvailable =
  Object.values(SCHEMA_FILES).every((file) => existsSync(`${referenceDir}${file}`)) &&
  existsSync(XMLDSIG_LOCAL) &&
  existsSync(`${referenceDir}samples/official/notifiche-unsigned`);

export function warnIfReferenceMissing(suite: string): void {
  if (!referenceAvailable) {
    console.warn(`[${suite}] schema/sample tests skipped: reference data not found at ${referenceDir}`);
  }
}

let providerRegistered = false;
// The schema document stays alive as long as its validator: libxml2 schemas keep pointers into it.
const validators = new Map<SchemaName, { validator: XsdValidator; schemaDoc: XmlDocument }>();

function validator(schema: SchemaName): XsdValidator {
  const cached = validators.get(schema);
  if (cached !== undefined) return cached.validator;
  if (!providerRegistered) {
    const resolve = (name: string): string => (name === XMLDSIG_URL ? XMLDSIG_LOCAL : name);
    xmlRegisterInputProvider({
      match: (name) => fsInputProviders.match(resolve(name)),
      open: (name) => fsInputProviders.open(resolve(name)),
      read: (fd, buffer) => fsInputProviders.read(fd, buffer),
      close: (fd) => fsInputProviders.close(fd),
    });
    providerRegistered = true;
  }
  const path = `${referenceDir}${SCHEMA_FILES[schema]}`;
  const text = readFileSync(path, 'utf8');
  const source = RESTORED[schema]
    ? text.replace(SIGNATURE_OPTIONAL, '<xsd:element ref="ds:Signature"/>')
    : text;
  const schemaDoc = XmlDocument.fromBuffer(Buffer.from(source, 'utf8'), { url: path });
  try {
    const created = XsdValidator.fromDoc(schemaDoc);
    validators.set(schema, { validator: created, schemaDoc });
    return created;
  } catch (error) {
    schemaDoc.dispose();
    throw error;
  }
}

/** The schema errors of `xml` (empty when valid). */
export function schemaErrors(schema: SchemaName, xml: string | Uint8Array): string[] {
  const doc =
    typeof xml === 'string' ? XmlDocument.fromString(xml) : XmlDocument.fromBuffer(new Uint8Array(xml));
  try {
    validator(schema).validate(doc);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map((d) => `${d.line}: ${d.message.trim()}`);
    throw error;
  } finally {
    doc.dispose();
  }
}

export function disposeValidators(): void {
  for (const { validator: created, schemaDoc } of validators.values()) {
    created.dispose();
    schemaDoc.dispose();
  }
  validators.clear();
}

export function readReference(relativePath: string): string {
  return readFileSync(`${referenceDir}${relativePath}`, 'utf8');
}

/** Relative paths (from reference/) of the notification samples, sorted. */
export function notificationSamples(dir: string): string[] {
  if (!referenceAvailable) return [];
  return readdirSync(`${referenceDir}${dir}`)
    .filter((name) => name.endsWith('.xml'))
    .sort()
    .map((name) => `${dir}/${name}`);
}
