import { afterAll, describe, expect, it } from 'vitest';
import {
  buildNotification,
  buildNotificaScarto,
  buildRicevutaConsegna,
  NotificationInputError,
  notificationFamilyForFormat,
  parseNotification,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';
import type {
  NotificationFamily,
  NotificationInput,
  NotificationType,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';
import { B2B_TYPES, COMMON, fullInput, minimalInput, PA_TYPES } from './fixtures.ts';
import {
  disposeValidators,
  referenceAvailable,
  schemaErrors,
  warnIfReferenceMissing,
} from './reference-schemas.ts';

warnIfReferenceMissing('notification builders');
afterAll(() => disposeValidators());

const ROOTS: Record<NotificationFamily, Partial<Record<NotificationType, string>>> = {
  pa: {
    RC: 'RicevutaConsegna',
    NS: 'NotificaScarto',
    MC: 'NotificaMancataConsegna',
    NE: 'NotificaEsito',
    DT: 'NotificaDecorrenzaTermini',
    AT: 'AttestazioneTrasmissioneFattura',
    MT: 'MetadatiInvioFile',
    EC: 'NotificaEsitoCommittente',
    SE: 'ScartoEsitoCommittente',
  },
  b2b: {
    RC: 'RicevutaConsegna',
    NS: 'RicevutaScarto',
    MC: 'RicevutaImpossibilitaRecapito',
    MT: 'FileMetadati',
  },
};

describe.skipIf(!referenceAvailable)('unsigned notifications against the official schemas', () => {
  for (const type of PA_TYPES) {
    for (const [variant, input] of [
      ['full', fullInput('pa', type)],
      ['minimal', minimalInput('pa', type)],
    ] as const) {
      it(`PA ${type} (${variant}) is valid against the GovWay-relaxed MessaggiTypes_v1.1`, () => {
        expect(schemaErrors('paRelaxed', buildNotification('pa', input))).toEqual([]);
      });
    }
  }

  // Only these two have no mandatory signature, so the unmodified schema can judge them unsigned.
  for (const type of ['MT', 'EC'] as const) {
    it(`PA ${type} is valid against the unmodified MessaggiTypes_v1.1 as well`, () => {
      expect(schemaErrors('paStrict', buildNotification('pa', fullInput('pa', type)))).toEqual([]);
      expect(schemaErrors('paStrict', buildNotification('pa', minimalInput('pa', type)))).toEqual([]);
    });
  }

  it('an unsigned PA RicevutaConsegna fails the unmodified schema only for the missing ds:Signature', () => {
    const errors = schemaErrors('paStrict', buildNotification('pa', fullInput('pa', 'RC')));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Signature/);
  });

  for (const type of B2B_TYPES) {
    for (const [variant, input] of [
      ['full', fullInput('b2b', type)],
      ['minimal', minimalInput('b2b', type)],
    ] as const) {
      it(`B2B ${type} (${variant}) is valid against MessaggiFatturaTypes_v1.0`, () => {
        expect(schemaErrors('b2b', buildNotification('b2b', input))).toEqual([]);
      });
    }
  }

  it('the families are not interchangeable: a B2B receipt is not a PA message', () => {
    expect(schemaErrors('paRelaxed', buildNotification('b2b', fullInput('b2b', 'RC')))).not.toEqual([]);
    expect(schemaErrors('b2b', buildNotification('pa', fullInput('pa', 'RC')))).not.toEqual([]);
  });

  it('a NotificaScarto with 200 errors is valid; 0 or 201 are refused', () => {
    const errors = Array.from({ length: 200 }, (_, i) => ({
      codice: String(i).padStart(5, '0'),
      descrizione: `Errore ${i}`,
    }));
    for (const family of ['pa', 'b2b'] as const) {
      expect(
        schemaErrors(
          family === 'pa' ? 'paRelaxed' : 'b2b',
          buildNotificaScarto(family, { ...COMMON, errors }),
        ),
      ).toEqual([]);
      expect(() => buildNotificaScarto(family, { ...COMMON, errors: [] })).toThrow(NotificationInputError);
      expect(() =>
        buildNotificaScarto(family, {
          ...COMMON,
          errors: [...errors, { codice: '00001', descrizione: 'x' }],
        }),
      ).toThrow(NotificationInputError);
    }
  });

  it('cuts over-long free text to the schema maxLength instead of producing an invalid file', () => {
    const long = 'è'.repeat(1500);
    const pa = buildNotificaScarto('pa', { ...COMMON, errors: [{ codice: '00200', descrizione: long }] });
    const b2b = buildNotificaScarto('b2b', {
      ...COMMON,
      errors: [{ codice: '200', descrizione: long, suggerimento: 'x'.repeat(2500) }],
    });
    expect(schemaErrors('paRelaxed', pa)).toEqual([]);
    expect(schemaErrors('b2b', b2b)).toEqual([]);
    expect(parseNotification(pa).errors?.[0]?.descrizione).toHaveLength(255);
    expect(parseNotification(b2b).errors?.[0]?.descrizione).toHaveLength(1000);
    expect(parseNotification(b2b).errors?.[0]?.suggerimento).toHaveLength(2000);
  });
});

describe('round trip through parseNotification', () => {
  const cases: [NotificationFamily, NotificationInput][] = [
    ...PA_TYPES.map((type) => ['pa', fullInput('pa', type)] as [NotificationFamily, NotificationInput]),
    ...B2B_TYPES.map((type) => ['b2b', fullInput('b2b', type)] as [NotificationFamily, NotificationInput]),
  ];
  for (const [family, input] of cases) {
    it(`${family} ${input.type}`, () => {
      const parsed = parseNotification(buildNotification(family, input));
      expect(parsed.type).toBe(input.type);
      expect(parsed.family).toBe(family);
      expect(parsed.rootElement).toBe(ROOTS[family][input.type]);
      expect(parsed.identificativoSdI).toBe(input.identificativoSdI);
      expect(parsed.signed).toBe(false);
      if (input.type === 'EC') {
        expect(parsed.messageId).toBe(input.messageIdCommittente);
        expect(parsed.esito).toBe(input.esito);
      } else {
        expect(parsed.messageId).toBe(input.messageId);
      }
      if (input.type === 'NE') expect(parsed.esito).toBe(input.esitoCommittente.esito);
      if (input.type === 'SE') expect(parsed.scarto).toBe(input.scarto);
      if (input.type === 'NS') {
        expect(parsed.errors?.map((e) => e.codice)).toEqual(input.errors.map((e) => e.codice));
      }
      if ('nomeFile' in input) expect(parsed.nomeFile).toBe(input.nomeFile);
      if (family === 'b2b' || input.type === 'AT') expect(parsed.hash).toBe(COMMON.hash);
      if (input.type === 'RC') {
        expect(parsed.dataOraRicezione).toBe('2026-11-22T10:00:00.000+01:00');
        expect(parsed.dataOraConsegna).toBe('2026-11-22T10:01:30.250+01:00');
      }
      if ('note' in input && input.note !== undefined) expect(parsed.note).toBe(input.note);
    });
  }
});

describe('escaping', () => {
  const nasty = `Fornitore <A&B> "quoted" 'single' ]]> tab\there CR\r\nLF\nemoji 😀 àèìòù €`;

  it('escapes markup characters in text and reads them back unchanged', () => {
    const xml = buildRicevutaConsegna('pa', {
      ...COMMON,
      dataOraConsegna: COMMON.dataOraRicezione,
      destinatario: { codice: 'UFABC1', descrizione: nasty },
      note: nasty,
    });
    expect(xml).toContain('Fornitore &lt;A&amp;B&gt; "quoted" \'single\' ]]&gt; tab\there CR&#xD;\nLF');
    expect(xml).not.toContain('<A&B>');
    expect(parseNotification(xml).note).toBe(nasty);
    if (referenceAvailable) expect(schemaErrors('paRelaxed', xml)).toEqual([]);
  });

  it('escapes error descriptions and suggestions', () => {
    const xml = buildNotificaScarto('b2b', {
      ...COMMON,
      errors: [{ codice: '00400', descrizione: '1 < 2 && 3 > 2', suggerimento: '<b>niente HTML</b>' }],
    });
    expect(xml).toContain('<Descrizione>1 &lt; 2 &amp;&amp; 3 &gt; 2</Descrizione>');
    expect(xml).toContain('<Suggerimento>&lt;b&gt;niente HTML&lt;/b&gt;</Suggerimento>');
    expect(parseNotification(xml).errors).toEqual([
      { codice: '00400', descrizione: '1 < 2 && 3 > 2', suggerimento: '<b>niente HTML</b>' },
    ]);
  });

  it('replaces characters XML 1.0 cannot carry at all', () => {
    const xml = buildRicevutaConsegna('b2b', {
      ...COMMON,
      dataOraConsegna: COMMON.dataOraRicezione,
      note: 'a\u0000b\u001Fc\uD800d',
    });
    expect(parseNotification(xml).note).toBe('a\uFFFDb\uFFFDc\uFFFDd');
    if (referenceAvailable) expect(schemaErrors('b2b', xml)).toEqual([]);
  });
});

describe('NotificaScarto error list', () => {
  const errors = [
    {
      codice: '00305',
      descrizione: 'IdFiscaleIVA del cessionario non valido',
      suggerimento: 'Correggere la P.IVA',
    },
    { codice: '00404', descrizione: 'Fattura duplicata', suggerimento: 'Cambiare numero' },
    { codice: '00423', descrizione: 'PrezzoTotale non calcolato correttamente', suggerimento: 'Ricalcolare' },
  ];

  for (const family of ['pa', 'b2b'] as const) {
    it(`${family}: lists all three errors in order`, () => {
      const xml = buildNotificaScarto(family, { ...COMMON, errors });
      const codes = [...xml.matchAll(/<Codice>(\d+)<\/Codice>/g)].map((m) => m[1]);
      expect(codes).toEqual(['00305', '00404', '00423']);
      const parsed = parseNotification(xml).errors;
      expect(parsed?.map((e) => [e.codice, e.descrizione])).toEqual(
        errors.map((e) => [e.codice, e.descrizione]),
      );
      if (family === 'pa') {
        expect(xml).not.toContain('Suggerimento');
      } else {
        expect(parsed?.map((e) => e.suggerimento)).toEqual(errors.map((e) => e.suggerimento));
      }
      if (referenceAvailable) expect(schemaErrors(family === 'pa' ? 'paRelaxed' : 'b2b', xml)).toEqual([]);
    });
  }

  it('B2B: writes the mandatory Suggerimento empty when none is given', () => {
    const xml = buildNotificaScarto('b2b', {
      ...COMMON,
      errors: [{ codice: '00001', descrizione: 'Nome file' }],
    });
    expect(xml).toContain('<Suggerimento></Suggerimento>');
    expect(parseNotification(xml).errors?.[0]?.suggerimento).toBe('');
  });
});

describe('layout and family rules', () => {
  it('writes an XML declaration, the versione attribute and the usual prefixes', () => {
    const pa = buildNotification('pa', minimalInput('pa', 'RC'));
    const b2b = buildNotification('b2b', minimalInput('b2b', 'RC'));
    expect(pa.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<types:RicevutaConsegna ')).toBe(true);
    expect(pa).toContain('xmlns:types="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0">');
    expect(b2b).toContain(
      '<ns3:RicevutaConsegna xmlns:ns3="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fattura/messaggi/v1.0" versione="1.0">',
    );
    expect(pa).not.toMatch(/\/>/);
  });

  it('is deterministic', () => {
    expect(buildNotification('pa', fullInput('pa', 'NE'))).toBe(
      buildNotification('pa', fullInput('pa', 'NE')),
    );
  });

  it('puts the hash where each family has room for it', () => {
    expect(buildNotification('b2b', fullInput('b2b', 'MT'))).toContain(`<Hash>${COMMON.hash}</Hash>`);
    expect(buildNotification('pa', fullInput('pa', 'MT'))).not.toContain('Hash');
    expect(buildNotification('pa', fullInput('pa', 'AT'))).toContain(
      `<HashFileOriginale>${COMMON.hash}</HashFileOriginale>`,
    );
    expect(
      buildNotification('b2b', {
        ...(minimalInput('b2b', 'RC') as NotificationInput & { type: 'RC' }),
        hash: COMMON.hash.toUpperCase(),
      }),
    ).toContain(`<Hash>${COMMON.hash}</Hash>`);
  });

  it('writes DataMessaADisposizione as the Rome calendar day', () => {
    const xml = buildNotification('b2b', {
      ...(minimalInput('b2b', 'MC') as NotificationInput & { type: 'MC' }),
      dataMessaADisposizione: new Date('2026-11-22T23:30:00Z'),
    });
    expect(xml).toContain('<DataMessaADisposizione>2026-11-23</DataMessaADisposizione>');
  });

  it('refuses PA-only messages in the B2B family', () => {
    for (const type of ['NE', 'DT', 'AT', 'EC', 'SE'] as const) {
      expect(() => buildNotification('b2b', fullInput('pa', type))).toThrow(
        /does not exist in the b2b family/,
      );
    }
  });

  it('refuses inputs that could only give an invalid file', () => {
    const rc = minimalInput('pa', 'RC') as NotificationInput & { type: 'RC' };
    const bad: [NotificationFamily, NotificationInput, string][] = [
      ['pa', { ...rc, identificativoSdI: 'ABC' }, 'identificativoSdI'],
      ['pa', { ...rc, identificativoSdI: '1234567890123' }, 'identificativoSdI'],
      ['pa', { ...rc, messageId: '123456789012345' }, 'messageId'],
      ['pa', { ...rc, messageId: '' }, 'messageId'],
      ['pa', { ...rc, nomeFile: `IT01234567890_${'1'.repeat(40)}.xml` }, 'nomeFile'],
      ['pa', { ...rc, hash: 'abc' }, 'hash'],
      ['pa', { ...rc, dataOraRicezione: new Date('nope') }, 'dataOraRicezione'],
      ['pa', { ...rc, destinatario: undefined }, 'destinatario'],
      ['pa', { ...rc, destinatario: { codice: '0000000', descrizione: 'x' } }, 'destinatario.codice'],
      ['pa', { ...rc, destinatario: { codice: 'UFABC1' } }, 'destinatario.descrizione'],
      ['pa', { type: 'NS', ...COMMON, errors: [{ codice: '404', descrizione: 'x' }] }, 'errors[0].codice'],
      [
        'b2b',
        { type: 'NS', ...COMMON, errors: [{ codice: '000001', descrizione: 'x' }] },
        'errors[0].codice',
      ],
      ['b2b', { type: 'MC', ...COMMON }, 'dataMessaADisposizione'],
      ['b2b', { type: 'MC', ...COMMON, dataMessaADisposizione: '2026-13-01' }, 'dataMessaADisposizione'],
      [
        'pa',
        { type: 'MT', ...COMMON, codiceDestinatario: '0000000', formato: 'FPA12' },
        'codiceDestinatario',
      ],
      [
        'b2b',
        { type: 'MT', ...COMMON, codiceDestinatario: 'abc123', formato: 'FPR12' },
        'codiceDestinatario',
      ],
      ['pa', { type: 'MT', ...COMMON, codiceDestinatario: 'UFABC1', formato: 'FPA123' }, 'formato'],
      [
        'pa',
        {
          type: 'DT',
          ...COMMON,
          riferimentoFattura: { numeroFattura: 'Fattura n° 1', annoFattura: 2026 },
        },
        'riferimentoFattura.numeroFattura',
      ],
      [
        'pa',
        {
          type: 'DT',
          ...COMMON,
          riferimentoFattura: { numeroFattura: '1', annoFattura: 2026, posizioneFattura: 0 },
        },
        'riferimentoFattura.posizioneFattura',
      ],
    ];
    for (const [family, input, field] of bad) {
      expect(() => buildNotification(family, input), field).toThrow(
        expect.objectContaining({ name: 'NotificationInputError', field }),
      );
    }
  });

  it('picks the family from the invoice format', () => {
    expect(notificationFamilyForFormat('FPA12')).toBe('pa');
    expect(notificationFamilyForFormat('FPR12')).toBe('b2b');
    expect(notificationFamilyForFormat('FSM10')).toBe('b2b');
  });
});
