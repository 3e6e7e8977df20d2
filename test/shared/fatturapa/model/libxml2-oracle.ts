import { readFileSync } from 'node:fs';
import {
  XmlBufferInputProvider,
  XmlCData,
  XmlDocument,
  XmlElement,
  xmlRegisterInputProvider,
  XmlText,
  XsdValidator,
} from 'libxml2-wasm';
import { referenceDir } from '../reference-samples.ts';

/*
 * libxml2 (WebAssembly build) as the independent oracle. The official schemas are read unmodified from the
 * reference folder; their import of the W3C signature schema by URL is answered from the local copy by an
 * input provider, so nothing is fetched and no schema text is rewritten.
 */

const DSIG_SCHEMA_URL = 'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';
export const SIMPLIFIED_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0';
export const ORDINARY_SCHEMA = 'xsd/fatturapa/Schema_VFPR12_v1.2.3.xsd';
export const SIMPLIFIED_SCHEMA = 'xsd/semplificata/Schema_VFSM10.xsd';

let validators: { ordinary: XsdValidator; simplified: XsdValidator } | null = null;

function schemas(): { ordinary: XsdValidator; simplified: XsdValidator } {
  if (validators !== null) return validators;
  xmlRegisterInputProvider(
    new XmlBufferInputProvider({
      [DSIG_SCHEMA_URL]: new Uint8Array(readFileSync(`${referenceDir}xsd/fatturapa/xmldsig-core-schema.xsd`)),
    }),
  );
  // The schema documents stay alive for the whole run: the compiled schema may point into them.
  const load = (relative: string): XsdValidator => {
    const path = `${referenceDir}${relative}`;
    return XsdValidator.fromDoc(XmlDocument.fromBuffer(new Uint8Array(readFileSync(path)), { url: path }));
  };
  validators = { ordinary: load(ORDINARY_SCHEMA), simplified: load(SIMPLIFIED_SCHEMA) };
  return validators;
}

export interface Libxml2Verdict {
  valid: boolean;
  schema: 'ordinary 1.2.3' | 'VFSM10' | 'none (not parsed)';
  errors: string[];
}

function parse(xml: string | Uint8Array): XmlDocument {
  return typeof xml === 'string' ? XmlDocument.fromString(xml) : XmlDocument.fromBuffer(xml);
}

/** Picks the schema by the root namespace: VFSM10 for fatture/v1.0, the 1.2.3 ordinary schema otherwise. */
export function libxml2Validate(xml: string | Uint8Array): Libxml2Verdict {
  const { ordinary, simplified } = schemas();
  let doc: XmlDocument;
  try {
    doc = parse(xml);
  } catch (error) {
    return { valid: false, schema: 'none (not parsed)', errors: [(error as Error).message.trim()] };
  }
  try {
    const isSimplified = doc.root.namespaceUri === SIMPLIFIED_NAMESPACE;
    const schema = isSimplified ? 'VFSM10' : 'ordinary 1.2.3';
    try {
      (isSimplified ? simplified : ordinary).validate(doc);
      return { valid: true, schema, errors: [] };
    } catch (error) {
      const details = (error as { details?: { message: string }[] }).details;
      return {
        valid: false,
        schema,
        errors: details ? details.map((d) => d.message.trim()) : [(error as Error).message],
      };
    }
  } finally {
    doc.dispose();
  }
}

/** Parse + validate only, for timing (schemas compiled beforehand). */
export function libxml2IsValid(xml: string): boolean {
  const { ordinary } = schemas();
  const doc = XmlDocument.fromString(xml);
  try {
    ordinary.validate(doc);
    return true;
  } catch {
    return false;
  } finally {
    doc.dispose();
  }
}

export function prepareLibxml2(): void {
  schemas();
}

export interface CanonicalElement {
  name: string;
  attributes: string[];
  text: string;
  children: CanonicalElement[];
}

const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const DSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Normalised tree for comparing documents: `{namespace}local` names, attributes sorted (namespace
 * declarations and xsi hints excluded), trimmed text, element children in order. Inside ds:Signature only
 * local names are compared: the JSON form does not keep the namespaces of XAdES descendants.
 */
export function canonicalTree(xml: string | Uint8Array): CanonicalElement {
  const doc = parse(xml);
  try {
    return canonical(doc.root, false);
  } finally {
    doc.dispose();
  }
}

function canonical(element: XmlElement, inSignature: boolean): CanonicalElement {
  const signature = inSignature || (element.namespaceUri === DSIG_NAMESPACE && element.name === 'Signature');
  const name = signature ? element.name : `{${element.namespaceUri}}${element.name}`;
  const attributes = element.attrs
    .filter((a) => a.namespaceUri !== XSI_NAMESPACE)
    .map((a) => `${a.namespaceUri ? `{${a.namespaceUri}}` : ''}${a.name}=${a.value}`)
    .sort();
  let text = '';
  const children: CanonicalElement[] = [];
  for (let node = element.firstChild; node !== null; node = node.next) {
    if (node instanceof XmlElement) children.push(canonical(node, signature));
    else if (node instanceof XmlText || node instanceof XmlCData) text += node.content;
  }
  return { name, attributes, text: text.trim(), children };
}
