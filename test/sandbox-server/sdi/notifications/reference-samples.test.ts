import { generateKeyPairSync } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildNotification,
  formatRomeDateTime,
  NotificationParseError,
  parseNotification,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';
import type {
  NotificationFamily,
  NotificationInput,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';
import {
  disposeValidators,
  notificationSamples,
  readReference,
  referenceAvailable,
  schemaErrors,
  warnIfReferenceMissing,
} from './reference-schemas.ts';

warnIfReferenceMissing('notification reference samples');
afterAll(() => disposeValidators());

const outlineParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
});

/**
 * Every element in document order as `path=text` (local names, `@attr=value` lines for non-namespace
 * attributes). Timestamps are masked because the official examples use `Z` or no offset where SdI writes
 * Rome time, and the inside of ds:Signature is left out.
 */
function outline(xml: string): string[] {
  const lines: string[] = [];
  const walk = (nodes: unknown, path: string): void => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as Record<string, unknown>[]) {
      for (const [key, value] of Object.entries(node)) {
        if (key === ':@' || key === '#text') continue;
        const local = key.slice(key.indexOf(':') + 1);
        const here = path === '' ? local : `${path}/${local}`;
        const children = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
        const text = children.find((child) => '#text' in child)?.['#text'];
        const masked = /^DataOra/.test(local) ? '<dateTime>' : typeof text === 'string' ? text : '';
        lines.push(local === 'Signature' ? here : `${here}=${masked}`);
        const attributes = (node[':@'] ?? {}) as Record<string, string>;
        for (const [name, attr] of Object.entries(attributes).sort()) {
          if (!name.startsWith('xmlns') && !name.startsWith('xsi:') && !(local === 'Signature'))
            lines.push(`${here}@${name}=${attr}`);
        }
        if (local !== 'Signature') walk(value, here);
      }
    }
  };
  walk(outlineParser.parse(xml), '');
  return lines;
}

const when = new Date('2013-06-06T12:00:00Z');
const PA_COMMON = {
  identificativoSdI: '111',
  nomeFile: 'IT01234567890_11111.xml.p7m',
  hash: '2c1f3a240a056d9537a8608fed310812ef7b1b7a410d0152f5c9c9e93486ae44',
  dataOraRicezione: when,
  messageId: '123456',
};
const RIF_FATTURA = { numeroFattura: '1111', annoFattura: 2013, posizioneFattura: 2 };

/** Inputs carrying the same values and optional elements as the official PA examples. */
const OFFICIAL_PA: Record<string, NotificationInput> = {
  RC: {
    type: 'RC',
    ...PA_COMMON,
    dataOraConsegna: when,
    destinatario: { codice: 'AAA111', descrizione: 'Amministrazione di prova' },
    note: 'Esempio',
    intermediarioConDupliceRuolo: true,
  },
  NS: {
    type: 'NS',
    ...PA_COMMON,
    riferimentoArchivio: { identificativoSdI: '100', nomeFile: 'IT01234567890_11111.zip' },
    errors: [{ codice: '00100', descrizione: 'Certificato di firma scaduto' }],
    note: 'Note',
  },
  MC: { type: 'MC', ...PA_COMMON, descrizione: 'Notifica di esempio', note: 'Esempio' },
  NE: {
    type: 'NE',
    ...PA_COMMON,
    intermediarioConDupliceRuolo: true,
    esitoCommittente: {
      riferimentoFattura: RIF_FATTURA,
      esito: 'EC01',
      descrizione: 'Notifica di esempio',
      messageIdCommittente: '123456',
    },
    note: 'Notifica di esito di esempio',
  },
  DT: {
    type: 'DT',
    ...PA_COMMON,
    intermediarioConDupliceRuolo: true,
    descrizione: 'Notifica di esempio',
    note: 'Esempio',
  },
  AT: {
    type: 'AT',
    ...PA_COMMON,
    destinatario: { codice: 'AAAAAA', descrizione: 'Pubblica Amministrazione di prova' },
    note: 'Attestazione Trasmissione Fattura di prova',
  },
  MT: {
    type: 'MT',
    ...PA_COMMON,
    codiceDestinatario: 'AAA111',
    formato: 'SDI10',
    tentativiInvio: 1,
    note: 'Esempio',
  },
  EC: {
    type: 'EC',
    identificativoSdI: '111',
    riferimentoFattura: RIF_FATTURA,
    esito: 'EC01',
    descrizione: 'Esempio',
    messageIdCommittente: '123456',
  },
  SE: {
    type: 'SE',
    identificativoSdI: '111',
    scarto: 'EN00',
    messageId: '123456',
    messageIdCommittente: '123456',
    note: 'Esempio',
  },
};

const B2B_COMMON = {
  identificativoSdI: '724999',
  nomeFile: 'ITHVQWPH73P42H501Y_00022.xml',
  hash: 'ef912599ea43cddf0c9ee59e30e38b2a91f0793ef046e61aa120a9d3ee0b5992',
  dataOraRicezione: new Date('2018-06-16T18:34:00.000+02:00'),
};

/** Inputs mirroring the GovWay/SdI B2B examples N01–N04. */
const GOVWAY_B2B: Record<string, NotificationInput> = {
  N01: {
    type: 'RC',
    ...B2B_COMMON,
    messageId: '1413855',
    dataOraConsegna: new Date('2018-06-16T18:35:42.000+02:00'),
    destinatario: { codice: '0000000', descrizione: 'prova@pec.it' },
    note: '',
  },
  N02: {
    type: 'NS',
    ...B2B_COMMON,
    messageId: '1413856',
    errors: [
      {
        codice: '00002',
        descrizione: 'Nome file duplicato',
        suggerimento:
          "Il sistema non accetta file con nomi duplicati. Probabilmente e' gia' stato inviato un file con lo stesso nome. Per risolvere il problema cambiare nome al file",
      },
    ],
  },
  N03: {
    type: 'MC',
    ...B2B_COMMON,
    messageId: '1413857',
    dataMessaADisposizione: '2018-06-17',
    descrizione:
      "La fattura è disponibile in consultazione nell'area riservata a partire dalla “Data Messa a Disposizione”. Non è stato possibile recapitare la fattura/e al destinatario per indisponibilità dell’indirizzo telematico di ricezione o perché tale indirizzo non è stato indicato in fattura (Codice Destinatario: 0000000)",
  },
  N04: { type: 'MT', ...B2B_COMMON, messageId: '918929440', codiceDestinatario: '0000000', formato: 'FPR12' },
};

const signer = { privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };

function sampleType(path: string): string {
  return /_([A-Z]{2})_\d{3}\.xml$/.exec(path)?.[1] ?? '?';
}

describe.skipIf(!referenceAvailable)('our output next to the official examples', () => {
  it('RicevutaConsegna: same elements, attributes and values, in the same order as the official RC', () => {
    const ours = buildNotification('pa', OFFICIAL_PA.RC as NotificationInput);
    const official = readReference('samples/official/notifiche-unsigned/IT01234567890_11111_RC_001.xml');
    expect(outline(ours)).toEqual(outline(official));
    const withoutNote = { ...(OFFICIAL_PA.RC as NotificationInput), note: undefined } as NotificationInput;
    expect(outline(buildNotification('pa', withoutNote))).not.toEqual(outline(official));
    expect(outline(ours).map((line) => line.split('=')[0])).toEqual([
      'RicevutaConsegna',
      'RicevutaConsegna@IntermediarioConDupliceRuolo',
      'RicevutaConsegna@versione',
      'RicevutaConsegna/IdentificativoSdI',
      'RicevutaConsegna/NomeFile',
      'RicevutaConsegna/DataOraRicezione',
      'RicevutaConsegna/DataOraConsegna',
      'RicevutaConsegna/Destinatario',
      'RicevutaConsegna/Destinatario/Codice',
      'RicevutaConsegna/Destinatario/Descrizione',
      'RicevutaConsegna/MessageId',
      'RicevutaConsegna/Note',
    ]);
  });

  for (const path of notificationSamples('samples/official/notifiche-unsigned')) {
    const type = sampleType(path);
    it(`unsigned ${type} matches ${path.split('/').pop()}`, () => {
      const input = OFFICIAL_PA[type];
      expect(input).toBeDefined();
      expect(outline(buildNotification('pa', input as NotificationInput))).toEqual(
        outline(readReference(path)),
      );
    });
  }

  for (const path of notificationSamples('samples/official/notifiche-signed')) {
    const type = sampleType(path);
    it(`signed ${type} matches ${path.split('/').pop()} (signature in the same place)`, () => {
      const official = readReference(path);
      const sign = parseNotification(official).signed;
      const ours = buildNotification('pa', OFFICIAL_PA[type] as NotificationInput, sign ? { signer } : {});
      expect(outline(ours)).toEqual(outline(official));
      expect(schemaErrors('paStrict', ours)).toEqual([]);
    });
  }

  for (const [id, input] of Object.entries(GOVWAY_B2B)) {
    it(`B2B ${input.type} matches the ${id} example`, () => {
      const [path] = notificationSamples('samples/real-world/notifications').filter((p) =>
        p.includes(`/${id}_`),
      );
      const official = readReference(path ?? '');
      const sign = parseNotification(official).signed;
      const ours = buildNotification('b2b', input, sign ? { signer } : {});
      expect(outline(ours)).toEqual(outline(official));
      expect(schemaErrors('b2b', ours)).toEqual([]);
    });
  }
});

describe.skipIf(!referenceAvailable)('parseNotification on the reference samples', () => {
  const samples = [
    ...notificationSamples('samples/official/notifiche-unsigned'),
    ...notificationSamples('samples/official/notifiche-signed'),
    ...notificationSamples('samples/real-world/notifications'),
  ];

  for (const path of samples) {
    it(path.split('/').slice(-2).join('/'), () => {
      const text = readReference(path);
      const parsed = parseNotification(new TextEncoder().encode(text));
      const expectedFamily: NotificationFamily = /\/N0[1-4789]_/.test(path) ? 'b2b' : 'pa';
      expect(parsed.type).toBe(sampleType(path));
      expect(parsed.family).toBe(expectedFamily);
      expect(parsed.signed).toBe(text.includes('<ds:Signature'));
      expect(parsed.identificativoSdI).toMatch(/^\d+$/);
      if (parsed.type !== 'EC') expect(parsed.messageId).toMatch(/^\d+$/);
      if (parsed.type === 'NS') expect(parsed.errors?.length).toBeGreaterThan(0);
      if (parsed.type === 'EC' || parsed.type === 'NE') expect(parsed.esito).toBe('EC01');
      // Real B2B receipts carry Rome time with milliseconds: our formatter writes the same text.
      if (expectedFamily === 'b2b' && parsed.dataOraRicezione !== undefined) {
        expect(formatRomeDateTime(new Date(parsed.dataOraRicezione))).toBe(parsed.dataOraRicezione);
      }
    });
  }
});

describe('parseNotification rejects', () => {
  const rc = buildNotification('pa', OFFICIAL_PA.RC as NotificationInput);

  it('a DOCTYPE (entity expansion, external entities)', () => {
    const withDoctype = rc.replace('?>\n', '?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n');
    expect(() => parseNotification(withDoctype)).toThrow(NotificationParseError);
    expect(() => parseNotification(withDoctype)).toThrow(/DOCTYPE/);
  });

  it('malformed XML, foreign namespaces and unknown roots', () => {
    expect(() => parseNotification(rc.slice(0, -30))).toThrow(NotificationParseError);
    expect(() => parseNotification(rc.replace(/messaggi\/v1\.0/g, 'messaggi/v9'))).toThrow(/namespace/);
    expect(() => parseNotification(rc.replace(/RicevutaConsegna/g, 'RicevutaStrana'))).toThrow(
      /not a pa SdI message/,
    );
    expect(() => parseNotification(rc.replace(/FileMetadati|RicevutaConsegna/g, 'FileMetadati'))).toThrow(
      /not a pa SdI message/,
    );
    expect(() => parseNotification(new Uint8Array([0x3c, 0xff, 0xfe]))).toThrow(/UTF-8/);
  });

  it('accepts a UTF-8 BOM', () => {
    expect(parseNotification(`\uFEFF${rc}`).type).toBe('RC');
  });
});
