/**
 * parseInvoiceXml used to be built on fast-xml-parser; it now reads with the strict scanner. The consumers
 * (summary, SdI checks, invoiceToJson, the renderer) were written against the old tree, so the former
 * configuration stays here as an oracle: on every reference invoice the tree must be the same, key order
 * included. Deliberate differences on unusual input are listed in xml-document.test.ts ('strict reading').
 */
import { XMLParser } from 'fast-xml-parser';
import type { EntityDecoderOptions } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ALWAYS_ARRAY_ELEMENTS, parseInvoiceXml } from '../../../src/shared/fatturapa/index.ts';
import {
  invoiceSamples,
  readSample,
  referenceAvailable,
  warnIfReferenceMissing,
} from './reference-samples.ts';
import { syntheticInvoiceXml } from './model/synthetic-invoice.ts';

warnIfReferenceMissing('xml-document-oracle');

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const decoder: EntityDecoderOptions = {
  decode: (value) =>
    value.replace(
      /&(?:#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6})|(lt|gt|amp|quot|apos));/g,
      (whole, dec?: string, hex?: string, name?: string) =>
        name !== undefined
          ? (PREDEFINED[name] ?? whole)
          : String.fromCodePoint(
              dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16),
            ),
    ),
  reset: () => {},
  setXmlVersion: () => {},
  setExternalEntities: () => {},
  addInputEntities: () => {
    throw new Error('no DTD in the samples');
  },
};

/** The options parseInvoiceXml passed to fast-xml-parser until it was replaced. */
const former = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  entityDecoder: decoder,
  isArray: (tagName, _path, _isLeaf, isAttribute) => !isAttribute && ALWAYS_ARRAY_ELEMENTS.has(tagName),
  jPath: false,
});

function formerRoot(input: Uint8Array | string): unknown {
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const parsed = former.parse(text) as Record<string, unknown>;
  const key = Object.keys(parsed).find((k) => /(^|:)FatturaElettronica(Semplificata)?$/.test(k)) ?? '';
  return parsed[key.replace(/^.*:/, '')] ?? parsed[key];
}

function expectSameTree(input: Uint8Array | string): void {
  const ours = parseInvoiceXml(input).root;
  const theirs = formerRoot(input);
  expect(ours).toStrictEqual(theirs);
  // Same key order too: invoiceToJson keeps unknown keys in source order.
  expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
}

describe('parseInvoiceXml builds the tree fast-xml-parser built', () => {
  it('on a synthetic invoice with references, attributes and repeated elements', () => {
    const xml = syntheticInvoiceXml(5).replace(
      '</DettaglioLinee>',
      '</DettaglioLinee><Z a="1" q="&lt;&#233;&gt;">t</Z><Z/><Y><Z>1</Z><Z>2</Z></Y>',
    );
    expectSameTree(xml);
  });

  it.skipIf(!referenceAvailable).each(invoiceSamples())('on %s', (path) => {
    const bytes = readSample(path);
    // The latin-1 samples: fast-xml-parser was handed the text decoded as declared.
    const declared = /encoding="ISO-8859-1"/i.test(new TextDecoder('latin1').decode(bytes.subarray(0, 100)));
    expectSameTree(declared ? new TextDecoder('latin1').decode(bytes) : bytes);
  });
});
