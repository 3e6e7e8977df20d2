import { describe, expect, it } from 'vitest';
import { invoiceToJson, parseInvoiceXml } from '../../../src/shared/fatturapa/index.ts';
import { identifyInvoice, readInvoiceJson } from '../../../src/shared/fatturapa/reading/index.ts';
import { calendarDate } from '../../../src/shared/fatturapa/reading/values.ts';
import {
  invoiceSamples,
  readSample,
  referenceAvailable,
  warnIfReferenceMissing,
} from '../fatturapa/reference-samples.ts';

warnIfReferenceMissing('reading/identity');

describe('the identity of an invoice (what the server summarizes every upload with)', () => {
  it.runIf(referenceAvailable)(
    'is the full reading without the amounts, for every sample, valid or not, of every format',
    () => {
      const differences: string[] = [];
      let compared = 0;
      for (const path of invoiceSamples()) {
        let json;
        try {
          json = invoiceToJson(parseInvoiceXml(readSample(path)));
        } catch {
          continue; // not well-formed or not an invoice: neither function is reached
        }
        compared++;
        const full = readInvoiceJson(json);
        const identity = identifyInvoice(json);
        const expected = {
          ...full,
          documents: full.documents.map(
            ({ index, simplified, type, number, date, currency, foreignCurrency }) => ({
              index,
              simplified,
              type,
              number,
              date,
              currency,
              foreignCurrency,
            }),
          ),
        };
        try {
          expect(identity).toEqual(expected);
        } catch {
          differences.push(path);
        }
      }
      expect(compared).toBeGreaterThan(30);
      expect(differences).toEqual([]);
    },
  );

  it('reads the transmitter as country and code, the country upper-cased', () => {
    const identity = identifyInvoice(
      invoiceToJson(
        parseInvoiceXml(
          '<FatturaElettronica versione="FPR12"><FatturaElettronicaHeader><DatiTrasmissione>' +
            '<IdTrasmittente><IdPaese>it</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>' +
            '</DatiTrasmissione></FatturaElettronicaHeader></FatturaElettronica>',
        ),
      ),
    );
    expect(identity.transmission.transmitter).toEqual({ country: 'IT', code: '01234567890' });
    expect(identity.documents).toEqual([]);
  });
});

describe('the calendar date of an xs:date', () => {
  it('drops a time zone and refuses what is not a date', () => {
    expect(calendarDate('2024-05-31')).toBe('2024-05-31');
    expect(calendarDate('2024-05-31+02:00')).toBe('2024-05-31');
    expect(calendarDate(' 2024-05-31Z ')).toBe('2024-05-31');
    expect(calendarDate('31/05/2024')).toBeNull();
    expect(calendarDate('2024-05-31T10:00:00')).toBeNull();
    expect(calendarDate('')).toBeNull();
    expect(calendarDate(null)).toBeNull();
  });
});
