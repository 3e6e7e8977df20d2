import { describe, expect, it } from 'vitest';
import { invoiceTotal, payloadBase64, utf8Text, xmlBytes } from '../../../src/renderer/data/payload.ts';
import { invoiceXml } from '../../support/invoices.ts';

describe('invoice payloads in the UI', () => {
  it('reads the total and currency of the first document', () => {
    expect(invoiceTotal(invoiceXml(), 'Xml')).toEqual({ amount: '122.00', currency: 'EUR' });
    expect(
      invoiceTotal(invoiceXml().replace(/<ImportoTotaleDocumento>.*?<\/ImportoTotaleDocumento>/, ''), 'Xml'),
    ).toBeNull();
  });

  it('reads the total inside a Base64 file too, as a signed envelope keeps its XML readable', () => {
    const wrapped = Buffer.concat([
      Buffer.from([0x30, 0x82, 0x01]),
      Buffer.from(invoiceXml()),
      Buffer.from([0]),
    ]);
    expect(invoiceTotal(wrapped.toString('base64'), 'Base64')).toEqual({ amount: '122.00', currency: 'EUR' });
  });

  it('saves XML text in the encoding its declaration names', () => {
    const latin = '<?xml version="1.0" encoding="ISO-8859-1"?><a>Società</a>';
    expect(Buffer.from(xmlBytes(latin)).equals(Buffer.from(latin, 'latin1'))).toBe(true);
    const utf8 = '<?xml version="1.0" encoding="UTF-8"?><a>Società</a>';
    expect(Buffer.from(xmlBytes(utf8)).equals(Buffer.from(utf8, 'utf8'))).toBe(true);
    expect(Buffer.from(payloadBase64(utf8, 'Xml'), 'base64').toString('utf8')).toBe(utf8);
    expect(payloadBase64('AAEC', 'Base64')).toBe('AAEC');
  });

  it('tells UTF-8 from other bytes, keeping a byte order mark', () => {
    expect(utf8Text(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c]))).toBe('\uFEFF<');
    expect(utf8Text(new Uint8Array(Buffer.from('Società', 'latin1')))).toBeNull();
  });
});
