import { describe, expect, it } from 'vitest';
import {
  decodeXmlBytes,
  InvoiceDocumentError,
  parseInvoiceXml,
  xmlCharset,
} from '../../../src/shared/fatturapa/index.ts';
import type { InvoiceDocumentErrorCode } from '../../../src/shared/fatturapa/index.ts';
import {
  invoiceSamples,
  notificationSamples,
  readSample,
  referenceAvailable,
  warnIfReferenceMissing,
} from './reference-samples.ts';

warnIfReferenceMissing('xml-document');

const NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

function invoice(
  body: string,
  rootAttributes = `versione="FPR12" xmlns:p="${NS}"`,
  root = 'p:FatturaElettronica',
) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} ${rootAttributes}>${body}</${root}>`;
}

function errorOf(run: () => unknown): InvoiceDocumentError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvoiceDocumentError) return error;
    throw error;
  }
  throw new Error('expected an InvoiceDocumentError');
}

function codeOf(run: () => unknown): InvoiceDocumentErrorCode {
  return errorOf(run).code;
}

function nested(depth: number): string {
  return `${'<X>'.repeat(depth - 1)}${'</X>'.repeat(depth - 1)}`;
}

describe('parseInvoiceXml', () => {
  describe('format detection', () => {
    it('reads FPR12 and FPA12 from the versione attribute of a FatturaElettronica root', () => {
      expect(parseInvoiceXml(invoice('')).format).toBe('FPR12');
      expect(parseInvoiceXml(invoice('', `versione="FPA12" xmlns:p="${NS}"`)).format).toBe('FPA12');
    });

    it('maps the legacy versione 1.1 and 1.0 to SDI11 and SDI10', () => {
      expect(parseInvoiceXml(invoice('', 'versione="1.1"', 'FatturaElettronica')).format).toBe('SDI11');
      expect(parseInvoiceXml(invoice('', 'versione="1.0"', 'FatturaElettronica')).format).toBe('SDI10');
    });

    it('reads FSM10 from a FatturaElettronicaSemplificata root', () => {
      const xml = invoice('', 'versione="FSM10" xmlns:ns2="urn:fsm"', 'ns2:FatturaElettronicaSemplificata');
      expect(parseInvoiceXml(xml)).toMatchObject({ format: 'FSM10', namespace: 'urn:fsm' });
    });

    it.each([
      ['an unknown value', invoice('', 'versione="FPR13"', 'FatturaElettronica')],
      ['a lower-case value', invoice('', 'versione="fpr12"', 'FatturaElettronica')],
      ['no versione at all', invoice('', `xmlns:p="${NS}"`)],
      ['FSM10 on an ordinary root', invoice('', 'versione="FSM10"', 'FatturaElettronica')],
      ['FPR12 on a simplified root', invoice('', 'versione="FPR12"', 'FatturaElettronicaSemplificata')],
    ])('rejects %s as unknown-format', (_label, xml) => {
      expect(codeOf(() => parseInvoiceXml(xml))).toBe('unknown-format');
    });

    it('rejects a root element that is not an invoice as not-an-invoice', () => {
      const xml =
        '<RicevutaConsegna versione="1.0"><IdentificativoSdI>1</IdentificativoSdI></RicevutaConsegna>';
      const error = errorOf(() => parseInvoiceXml(xml));
      expect(error.code).toBe('not-an-invoice');
      expect(error.detail).toContain('RicevutaConsegna');
    });
  });

  describe('namespaces', () => {
    it.each(['p', 'ns2', 'a', 'ns1'])('removes the %s: prefix from element names', (prefix) => {
      const xml = invoice(
        `<${prefix}:FatturaElettronicaHeader><X>1</X></${prefix}:FatturaElettronicaHeader>`,
        `versione="FPR12" xmlns:${prefix}="${NS}"`,
        `${prefix}:FatturaElettronica`,
      );
      const doc = parseInvoiceXml(xml);
      expect(doc.namespace).toBe(NS);
      expect(doc.root['FatturaElettronicaHeader']).toEqual({ X: '1' });
    });

    it('takes the namespace from a default xmlns declaration on an unprefixed root', () => {
      const doc = parseInvoiceXml(invoice('', `versione="FPR12" xmlns="${NS}"`, 'FatturaElettronica'));
      expect(doc.namespace).toBe(NS);
    });

    it('returns a null namespace when the root declares none', () => {
      expect(parseInvoiceXml(invoice('', 'versione="FPR12"', 'FatturaElettronica')).namespace).toBeNull();
    });
  });

  describe('values', () => {
    it('keeps every value as a trimmed string, including numbers with leading zeros', () => {
      const doc = parseInvoiceXml(
        invoice(
          '<A>00001</A><B> 1.50 </B><C>true</C><D>1e3</D><E/><F>\n  x  \n</F>',
          `versione="FPR12" n="007" xmlns:p="${NS}"`,
        ),
      );
      expect(doc.root).toMatchObject({ A: '00001', B: '1.50', C: 'true', D: '1e3', E: '', F: 'x' });
      expect(doc.root['@_n']).toBe('007');
    });

    it('keeps attributes with the @_ prefix, without their namespace prefix', () => {
      const doc = parseInvoiceXml(invoice('<A p:kind="x" plain="y">v</A>'));
      expect(doc.root['A']).toEqual({ '#text': 'v', '@_kind': 'x', '@_plain': 'y' });
      expect(doc.root['@_versione']).toBe('FPR12');
    });

    it('decodes the predefined entities and decimal and hexadecimal character references', () => {
      const doc = parseInvoiceXml(
        invoice('<A>Rossi &amp; C. &lt;s.n.c.&gt; &quot;caff&#233;&quot; caff&#xE9; l&apos;&#x1F600;</A>'),
      );
      expect(doc.root['A']).toBe('Rossi & C. <s.n.c.> "caffé" caffé l\'😀');
    });

    it('decodes references exactly once, so an escaped reference stays literal', () => {
      const doc = parseInvoiceXml(invoice('<A>&amp;#233; &amp;amp;</A>'));
      expect(doc.root['A']).toBe('&#233; &amp;');
    });

    it('decodes references inside attribute values', () => {
      const doc = parseInvoiceXml(invoice('<A note="a &amp; b &#233;">x</A>'));
      expect(doc.root['A']).toMatchObject({ '@_note': 'a & b é' });
    });

    it('leaves the content of CDATA sections undecoded', () => {
      const doc = parseInvoiceXml(invoice('<A><![CDATA[a &amp; <b>]]></A>'));
      expect(doc.root['A']).toBe('a &amp; <b>');
    });

    it('always returns repeatable elements as arrays, even when they occur once', () => {
      const doc = parseInvoiceXml(
        invoice(
          '<FatturaElettronicaBody><DatiBeniServizi><DettaglioLinee><NumeroLinea>1</NumeroLinea></DettaglioLinee>' +
            '<DatiRiepilogo><Imposta>1.00</Imposta></DatiRiepilogo></DatiBeniServizi>' +
            '<DatiPagamento><DettaglioPagamento><ImportoPagamento>1.00</ImportoPagamento></DettaglioPagamento></DatiPagamento>' +
            '<Allegati><NomeAttachment>a.pdf</NomeAttachment></Allegati></FatturaElettronicaBody>',
        ),
      );
      const bodies = doc.root['FatturaElettronicaBody'] as Array<Record<string, unknown>>;
      expect(bodies).toHaveLength(1);
      const body = bodies[0] ?? {};
      const goods = (body['DatiBeniServizi'] as Array<Record<string, unknown>>)[0] ?? {};
      expect(goods['DettaglioLinee']).toEqual([{ NumeroLinea: '1' }]);
      expect(goods['DatiRiepilogo']).toEqual([{ Imposta: '1.00' }]);
      expect(body['DatiPagamento']).toEqual([{ DettaglioPagamento: [{ ImportoPagamento: '1.00' }] }]);
      expect(body['Allegati']).toEqual([{ NomeAttachment: 'a.pdf' }]);
    });

    it('does not turn attributes named like repeatable elements into arrays', () => {
      const doc = parseInvoiceXml(invoice('<A Allegati="1">x</A>'));
      expect(doc.root['A']).toMatchObject({ '@_Allegati': '1' });
    });
  });

  describe('decoding bytes', () => {
    const encoder = new TextEncoder();

    it('decodes bytes without an encoding declaration as UTF-8', () => {
      const doc = parseInvoiceXml(
        encoder.encode('<FatturaElettronica versione="FPR12"><A>città</A></FatturaElettronica>'),
      );
      expect(doc.root['A']).toBe('città');
    });

    it('strips a UTF-8 byte order mark from bytes and from strings', () => {
      const xml = invoice('<A>x</A>');
      const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode(xml)]);
      expect(parseInvoiceXml(withBom).root['A']).toBe('x');
      expect(parseInvoiceXml(`\uFEFF${xml}`).root['A']).toBe('x');
    });

    it('decodes bytes declared as ISO-8859-1 as Latin-1', () => {
      const head = encoder.encode(
        '<?xml version="1.0" encoding="ISO-8859-1"?><FatturaElettronica versione="FPR12"><A>citt',
      );
      const tail = encoder.encode('</A></FatturaElettronica>');
      const bytes = new Uint8Array([...head, 0xe0, ...tail]);
      expect(parseInvoiceXml(bytes).root['A']).toBe('città');
    });

    it('rejects bytes that are not valid UTF-8 as not-well-formed', () => {
      const bytes = new Uint8Array([
        ...encoder.encode('<FatturaElettronica versione="FPR12"><A>'),
        0xe0,
        0x41,
      ]);
      const error = errorOf(() => parseInvoiceXml(bytes));
      expect(error.code).toBe('not-well-formed');
      expect(error.detail).toContain('utf-8');
    });
  });

  describe('limits and attacks', () => {
    it('rejects empty input as empty', () => {
      expect(codeOf(() => parseInvoiceXml(''))).toBe('empty');
      expect(codeOf(() => parseInvoiceXml(new Uint8Array()))).toBe('empty');
      expect(codeOf(() => parseInvoiceXml(' \r\n\t'))).toBe('empty');
      expect(codeOf(() => parseInvoiceXml(new Uint8Array([0xef, 0xbb, 0xbf])))).toBe('empty');
    });

    it('rejects input larger than maxBytes as too-large', () => {
      const xml = invoice('<A>x</A>');
      expect(codeOf(() => parseInvoiceXml(xml, { maxBytes: 20 }))).toBe('too-large');
      expect(codeOf(() => parseInvoiceXml(new TextEncoder().encode(xml), { maxBytes: 20 }))).toBe(
        'too-large',
      );
      expect(parseInvoiceXml(xml, { maxBytes: new TextEncoder().encode(xml).length }).format).toBe('FPR12');
    });

    it('measures string input in UTF-8 bytes, not in characters', () => {
      const xml = invoice(`<A>${'é'.repeat(100)}</A>`);
      const bytes = new TextEncoder().encode(xml).length;
      expect(codeOf(() => parseInvoiceXml(xml, { maxBytes: bytes - 1 }))).toBe('too-large');
      expect(parseInvoiceXml(xml, { maxBytes: bytes }).format).toBe('FPR12');
    });

    it('rejects a billion-laughs DOCTYPE as dtd-forbidden without expanding it', () => {
      const lol = ['<!ENTITY lol "lol">'];
      for (let i = 1; i <= 9; i++) lol.push(`<!ENTITY lol${i} "${`&lol${i - 1 || ''};`.repeat(10)}">`);
      const xml = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${lol.join('\n')}\n]>\n<FatturaElettronica versione="FPR12"><A>&lol9;</A></FatturaElettronica>`;
      // Refused at the DOCTYPE's own line: the entities were never read, let alone expanded (no timing needed).
      const error = errorOf(() => parseInvoiceXml(xml));
      expect(error.code).toBe('dtd-forbidden');
      expect(error.line).toBe(2);
    });

    it('rejects an external entity pointing at a local file as dtd-forbidden', () => {
      const xml =
        '<?xml version="1.0"?><!DOCTYPE FatturaElettronica [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
        '<FatturaElettronica versione="FPR12"><A>&xxe;</A></FatturaElettronica>';
      expect(codeOf(() => parseInvoiceXml(xml))).toBe('dtd-forbidden');
    });

    it('rejects DOCTYPE and ENTITY declarations wherever they appear', () => {
      expect(codeOf(() => parseInvoiceXml(invoice('<!-- <!ENTITY x "y"> -->')))).toBe('dtd-forbidden');
      expect(codeOf(() => parseInvoiceXml(`<!doctype x>${invoice('')}`))).toBe('dtd-forbidden');
    });

    it('reports malformed XML as not-well-formed with the line and column of the error', () => {
      const xml = '<FatturaElettronica versione="FPR12">\n  <A>\n    <B>x</A>\n</FatturaElettronica>';
      const error = errorOf(() => parseInvoiceXml(xml));
      expect(error).toBeInstanceOf(InvoiceDocumentError);
      expect(error).toMatchObject({ code: 'not-well-formed', line: 3, column: 9 });
      expect(error.detail).toBeTruthy();
    });

    it('rejects entities that XML does not predefine, such as &nbsp;, with their position', () => {
      const error = errorOf(() =>
        parseInvoiceXml('<FatturaElettronica versione="FPR12">\n<A>a&nbsp;b</A></FatturaElettronica>'),
      );
      expect(error).toMatchObject({ code: 'not-well-formed', line: 2, column: 5 });
    });

    it('rejects character references to code points that XML forbids', () => {
      expect(codeOf(() => parseInvoiceXml(invoice('<A>&#0;</A>')))).toBe('not-well-formed');
      expect(codeOf(() => parseInvoiceXml(invoice('<A b="&#xD800;">x</A>')))).toBe('not-well-formed');
    });

    it('rejects raw control characters as not-well-formed', () => {
      expect(codeOf(() => parseInvoiceXml(invoice('<A>a\u0001b</A>')))).toBe('not-well-formed');
    });

    it('rejects a second root element as not-well-formed', () => {
      expect(codeOf(() => parseInvoiceXml(`${invoice('')}<FatturaElettronica versione="FPR12"/>`))).toBe(
        'not-well-formed',
      );
    });

    it('accepts nesting up to maxDepth and rejects one level more as too-deep', () => {
      const at = (depth: number) =>
        `<FatturaElettronica versione="FPR12">${nested(depth)}</FatturaElettronica>`;
      expect(parseInvoiceXml(at(64)).format).toBe('FPR12');
      expect(codeOf(() => parseInvoiceXml(at(65)))).toBe('too-deep');
      expect(codeOf(() => parseInvoiceXml(at(6), { maxDepth: 5 }))).toBe('too-deep');
    });

    it('rejects very deep nesting without recursion (200,000 levels would overflow a recursive reader)', () => {
      const xml = `<FatturaElettronica versione="FPR12">${nested(200_000)}</FatturaElettronica>`;
      expect(codeOf(() => parseInvoiceXml(xml))).toBe('too-deep');
    });
  });

  describe('strict reading (the same scanner as the structure validation)', () => {
    const plain = (body: string) => invoice(body, 'versione="FPR12"', 'FatturaElettronica');

    it('rejects an undeclared namespace prefix on an element or an attribute with its position', () => {
      const error = errorOf(() => parseInvoiceXml(invoice('', 'versione="FPR12"')));
      expect(error).toMatchObject({ code: 'not-well-formed', line: 2, column: 1 });
      expect(error.detail).toContain('p:FatturaElettronica');
      expect(codeOf(() => parseInvoiceXml(plain('<A q:x="1">v</A>')))).toBe('not-well-formed');
    });

    it.each([
      ["']]>' in text", plain('<A>a]]>b</A>')],
      ['an XML declaration with an unknown pseudo-attribute', `<?xml version="1.0" foo="x"?>${plain('')}`],
      ['an XML declaration that is not at the start', ` ${plain('')}`.replace(' <?xml', '\n<?xml')],
      ['a processing instruction whose target runs into "?"', plain('<?x?y?>')],
      ['a CDATA section outside the root', `${plain('')}<![CDATA[x]]>`],
    ])('rejects %s as not-well-formed', (_label, xml) => {
      expect(codeOf(() => parseInvoiceXml(xml))).toBe('not-well-formed');
    });

    it('reports a well-formedness error even after a root that is not an invoice', () => {
      expect(
        codeOf(() => parseInvoiceXml('<RicevutaConsegna versione="1.0"><A></B></RicevutaConsegna>')),
      ).toBe('not-well-formed');
      expect(codeOf(() => parseInvoiceXml('<RicevutaConsegna versione="1.0"><A/></RicevutaConsegna>'))).toBe(
        'not-an-invoice',
      );
    });

    it('takes the text content of an element: comments, PIs and CDATA sections do not split or trim it', () => {
      const doc = parseInvoiceXml(
        plain('<A>a <!-- c --> b</A><B>a <?pi x?> b</B><C><![CDATA[  x  ]]></C><D> a <![CDATA[ b ]]> c </D>'),
      );
      expect(doc.root).toMatchObject({ A: 'a  b', B: 'a  b', C: 'x', D: 'a  b  c' });
    });

    it('keeps text beside child elements as #text, trimmed as a whole', () => {
      const doc = parseInvoiceXml(plain('<A>\n  x <B>1</B> y\n</A>'));
      expect(doc.root['A']).toEqual({ B: '1', '#text': 'x  y' });
    });

    it('normalises blanks written literally in attribute values to spaces, then trims', () => {
      const doc = parseInvoiceXml(plain('<A note=" a\tb\nc ">x</A>'));
      expect(doc.root['A']).toMatchObject({ '@_note': 'a b c' });
    });

    it('drops namespace declarations and keeps other attributes by local name, in document order', () => {
      const doc = parseInvoiceXml(
        plain('<A xmlns:q="urn:q" q:b="2" a="1" xml:lang="it" xmlns="urn:d"><q:B>v</q:B></A>'),
      );
      expect(doc.root['A']).toEqual({ B: 'v', '@_b': '2', '@_a': '1', '@_lang': 'it' });
      expect(Object.keys(doc.root['A'] as object)).toEqual(['B', '@_b', '@_a', '@_lang']);
    });

    it('returns the namespace URI exactly as declared (blanks are not trimmed)', () => {
      const doc = parseInvoiceXml(invoice('', `versione="FPR12" xmlns:p=" ${NS}"`));
      expect(doc.namespace).toBe(` ${NS}`);
    });

    it('stores elements named like Object.prototype members under #name, without touching prototypes', () => {
      const doc = parseInvoiceXml(
        plain('<__proto__><polluted>1</polluted></__proto__><constructor/><toString>x</toString><A/>'),
      );
      expect(doc.root['#__proto__']).toEqual({ polluted: '1' });
      expect(Object.getPrototypeOf(doc.root)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(doc.root).toMatchObject({ '#constructor': '', '#toString': 'x', A: '' });
      expect(Object.hasOwn(doc.root, 'constructor')).toBe(false);
      expect(String(doc.root)).toBe('[object Object]');
    });

    it('keeps every repeated unknown element, an empty one as the string ""', () => {
      const doc = parseInvoiceXml(plain(`<Z/>${'<Z/>'.repeat(9)}<Y a="1"/><Y>t</Y>`));
      expect(doc.root['Z']).toEqual(Array.from({ length: 10 }, () => ''));
      expect(doc.root['Y']).toEqual([{ '@_a': '1' }, 't']);
    });
  });
});

describe('decodeXmlBytes', () => {
  const encoder = new TextEncoder();

  it('decodes UTF-8 and drops the byte order mark', () => {
    expect(decodeXmlBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('<a>è</a>')]))).toBe(
      '<a>è</a>',
    );
  });

  it('honours a Latin-1 encoding declaration, in single or double quotes', () => {
    for (const declaration of [
      `<?xml version="1.0" encoding="ISO-8859-1"?>`,
      `<?xml version='1.0' encoding='latin1'?>`,
    ]) {
      const bytes = new Uint8Array([...encoder.encode(`${declaration}<a>`), 0xe8, ...encoder.encode('</a>')]);
      expect(decodeXmlBytes(bytes)).toBe(`${declaration}<a>è</a>`);
    }
  });

  it('returns an empty string for no bytes', () => {
    expect(decodeXmlBytes(new Uint8Array())).toBe('');
  });

  /** The text as UTF-16 with its byte order mark, little or big endian. */
  function utf16(text: string, bigEndian: boolean): Uint8Array {
    const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
    return new Uint8Array(bigEndian ? bytes.swap16() : bytes);
  }

  it('decodes UTF-16 in either byte order after its byte order mark, with or without a declaration', () => {
    for (const text of ['<?xml version="1.0" encoding="UTF-16"?><a>è€</a>', '<a>è</a>']) {
      expect(decodeXmlBytes(utf16(text, false))).toBe(text);
      expect(decodeXmlBytes(utf16(text, true))).toBe(text);
    }
  });

  it('refuses UTF-16 declared as something else, or cut in the middle of a character', () => {
    const mislabelled = utf16('<?xml version="1.0" encoding="ISO-8859-1"?><a/>', false);
    expect(() => decodeXmlBytes(mislabelled)).toThrow(/does not match the UTF-16 byte order mark/);
    expect(() => decodeXmlBytes(utf16('<a/>', true).subarray(0, 7))).toThrow(/not valid utf-16be/);
  });

  it('names the charset of the bytes: the byte order mark first, then the declaration, else UTF-8', () => {
    expect(xmlCharset(utf16('<?xml version="1.0" encoding="UTF-16"?><a/>', true))).toBe('utf-16');
    expect(xmlCharset(utf16('<a/>', false))).toBe('utf-16');
    expect(xmlCharset(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('<a/>')]))).toBe('utf-8');
    expect(xmlCharset(encoder.encode(`<?xml version='1.0' encoding='ISO-8859-1'?><a/>`))).toBe('iso-8859-1');
    expect(xmlCharset(encoder.encode('<a/>'))).toBe('utf-8');
  });

  it('refuses an encoding it cannot decode', () => {
    const bytes = encoder.encode('<?xml version="1.0" encoding="x-klingon"?><a/>');
    expect(() => decodeXmlBytes(bytes)).toThrow(InvoiceDocumentError);
    expect(() => decodeXmlBytes(encoder.encode('<?xml version="1.0" encoding="UTF-16"?><a/>'))).toThrow(
      /does not match/,
    );
  });
});

describe.skipIf(!referenceAvailable)('parseInvoiceXml on the reference samples', () => {
  it.each(invoiceSamples())('parses %s', (path) => {
    const doc = parseInvoiceXml(readSample(path));
    expect(['FPR12', 'FPA12', 'FSM10', 'SDI10', 'SDI11']).toContain(doc.format);
    expect(doc.root['FatturaElettronicaHeader']).toBeTypeOf('object');
  });

  it.each(notificationSamples())('rejects the SdI notification %s as not-an-invoice', (path) => {
    expect(codeOf(() => parseInvoiceXml(readSample(path)))).toBe('not-an-invoice');
  });

  it('keeps the legacy 1.0 example (declared in the 1.1 namespace) as SDI10', () => {
    const doc = parseInvoiceXml(
      readSample('official/fatturapa-v1.0-legacy-sdi-example/IT01234567890_11111.xml'),
    );
    expect(doc).toMatchObject({
      format: 'SDI10',
      namespace: 'http://www.fatturapa.gov.it/sdi/fatturapa/v1.1',
    });
  });

  it('returns the namespace exactly as written, even when it is wrong', () => {
    const doc = parseInvoiceXml(
      readSample('real-world/invalid/I04_INVALID-XSD_wrong-namespace-uri__ZGEXQROO37831_anonimizzata.xml'),
    );
    expect(doc.namespace).toBe('http://ivaservizi.agenziaentrate.gov.it/ docs/xsd/fatture/v1.2');
  });
});
