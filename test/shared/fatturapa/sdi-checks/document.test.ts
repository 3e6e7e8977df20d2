import { describe, expect, it } from 'vitest';
import type { SdiInvoiceKey } from '../../../../src/shared/fatturapa/sdi-checks/index.ts';
import { italianDate } from '../../../../src/shared/fatturapa/sdi-checks/document.ts';
import { IDS, ordinary, simplified } from './invoice-builder.ts';

const DATA_PATH = 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/Data';
const linked = (date: string): string =>
  `<DatiFattureCollegate><IdDocumento>FT-0</IdDocumento><Data>${date}</Data></DatiFattureCollegate>`;
const rectified = (date: string): string =>
  `<DatiFatturaRettificata><NumeroFR>S-0</NumeroFR><DataFR>${date}</DataFR><ElementiRettificati>X</ElementiRettificati></DatiFatturaRettificata>`;

describe('document checks', () => {
  it('00403: rejects a Data later than the reception day in Italy', () => {
    // 22:30 UTC on 14 March is 23:30 in Rome: still the 14th.
    expect(ordinary().check({ receivedAt: new Date('2024-03-14T22:30:00Z') })).toEqual([
      {
        code: '00403',
        severity: 'error',
        path: DATA_PATH,
        params: { data: '2024-03-15', receivedOn: '2024-03-14' },
      },
    ]);
  });

  it('00403: accepts a Data equal to the reception day, using Italian time', () => {
    // 23:30 UTC on 14 March is 00:30 on the 15th in Rome.
    expect(ordinary().codes({ receivedAt: new Date('2024-03-14T23:30:00Z') })).toEqual([]);
    expect(ordinary().codes({ receivedAt: new Date('2024-06-01T10:00:00Z') })).toEqual([]);
    expect(ordinary().codes({})).toEqual([]);
  });

  it('the Italian date turns at Rome midnight, in winter and summer, however the calls follow one another', () => {
    const at = (iso: string) => italianDate(new Date(iso));
    // Winter (UTC+1) and summer (UTC+2), the last millisecond before midnight and midnight itself, asked in an
    // order that reuses and leaves the minute kept from the call before.
    expect(at('2026-01-01T22:59:59.999Z')).toBe('2026-01-01');
    expect(at('2026-01-01T22:59:00.000Z')).toBe('2026-01-01');
    expect(at('2026-01-01T23:00:00.000Z')).toBe('2026-01-02');
    expect(at('2026-01-01T22:59:30.000Z')).toBe('2026-01-01');
    expect(at('2026-07-01T21:59:59.999Z')).toBe('2026-07-01');
    expect(at('2026-07-01T22:00:00.000Z')).toBe('2026-07-02');
    expect(at('2026-07-01T22:00:59.999Z')).toBe('2026-07-02');
    // The night the clocks go forward (29 March 2026, 02:00 → 03:00 in Rome).
    expect(at('2026-03-28T22:59:59.999Z')).toBe('2026-03-28');
    expect(at('2026-03-28T23:00:00.000Z')).toBe('2026-03-29');
    // Rome's local mean time (+0:49:56) before CET: midnight fell 4 s into a UTC minute, so nothing is kept.
    expect(at('1880-06-01T23:10:03.000Z')).toBe('1880-06-01');
    expect(at('1880-06-01T23:10:05.000Z')).toBe('1880-06-02');
    expect(() => italianDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('00418: rejects a Data earlier than a linked invoice’s date (ordinary and FSM10)', () => {
    const problems = ordinary()
      .set('TipoDocumento', 'TD04')
      .after('DatiGeneraliDocumento', linked('2024-03-16'))
      .check();
    expect(problems).toEqual([
      {
        code: '00418',
        severity: 'error',
        path: DATA_PATH,
        params: {
          data: '2024-03-15',
          linkedDate: '2024-03-16',
          linkedPath: 'FatturaElettronicaBody[1]/DatiGenerali/DatiFattureCollegate[1]/Data',
        },
      },
    ]);
    const fsm = simplified()
      .set('TipoDocumento', 'TD08')
      .after('DatiGeneraliDocumento', rectified('2024-03-16'));
    expect(fsm.codes()).toEqual(['00418']);
  });

  it('00418: accepts a linked invoice of the same day or earlier', () => {
    const builder = ordinary()
      .set('TipoDocumento', 'TD04')
      .after('DatiGeneraliDocumento', linked('2024-03-15') + linked('2023-12-31'));
    expect(builder.codes()).toEqual([]);
    expect(
      simplified()
        .set('TipoDocumento', 'TD08')
        .after('DatiGeneraliDocumento', rectified('2024-03-15'))
        .codes(),
    ).toEqual([]);
  });

  it('00425: rejects a Numero without digits', () => {
    expect(ordinary().set('Numero', 'ABC/X').check()).toEqual([
      {
        code: '00425',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/Numero',
        params: { numero: 'ABC/X' },
      },
    ]);
    expect(simplified().set('Numero', 'S').codes()).toEqual(['00425']);
  });

  it('00425: accepts a Numero with at least one digit', () => {
    expect(ordinary().set('Numero', 'A/1').codes()).toEqual([]);
  });

  it('00404: asks the isDuplicateInvoice hook once per body with its identifying data', () => {
    const keys: SdiInvoiceKey[] = [];
    const problems = ordinary()
      .addBody()
      .set('Numero', 'FT-2', 2)
      .check({
        isDuplicateInvoice: (key) => {
          keys.push(key);
          return key.numero === 'FT-2';
        },
      });
    expect(keys).toEqual([
      {
        seller: { country: 'IT', code: IDS.sellerVat },
        tipoDocumento: 'TD01',
        data: '2024-03-15',
        numero: 'FT-1',
        body: 1,
      },
      {
        seller: { country: 'IT', code: IDS.sellerVat },
        tipoDocumento: 'TD01',
        data: '2024-03-15',
        numero: 'FT-2',
        body: 2,
      },
    ]);
    expect(problems).toEqual([
      {
        code: '00404',
        severity: 'error',
        path: 'FatturaElettronicaBody[2]/DatiGenerali/DatiGeneraliDocumento/Numero',
        params: { numero: 'FT-2', data: '2024-03-15' },
      },
    ]);
  });

  it('00404: reports nothing when the hook finds no duplicate', () => {
    expect(ordinary().codes({ isDuplicateInvoice: () => false })).toEqual([]);
  });
});
