import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { invoiceToJson, parseInvoiceXml } from '../../../src/shared/fatturapa/index.ts';
import type { components } from '../../support/generated/openapi.ts';
import { GENERATED_FILE, generateOpenApiTypes } from '../../support/generated/generate-openapi-types.ts';
import { italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

/** The body type of `/send/json` as openapi-typescript generates it from the public openapi.yml. */
type FatturaOrdinaria = components['schemas']['FatturaOrdinaria'];

let sandbox: TestSandbox;
let caller: ApiCaller;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  caller = sandbox.caller('public-json');
});
afterAll(() => sandbox.close());

/** An invoice written the way an SDK user of the public service writes it: numbers, date-times, no version. */
function publicInvoice(seed: number, number: string): FatturaOrdinaria {
  const supplier = italianVat(seed);
  const customer = italianVat(seed + 1);
  return {
    SistemaEmittente: 'SDK-TEST',
    FatturaElettronicaHeader: {
      DatiTrasmissione: {
        IdTrasmittente: { IdPaese: 'IT', IdCodice: supplier.slice(2) },
        ProgressivoInvio: '00001',
        FormatoTrasmissione: 'FPR12',
        CodiceDestinatario: '0000000',
      },
      CedentePrestatore: {
        DatiAnagrafici: {
          IdFiscaleIVA: { IdPaese: 'IT', IdCodice: supplier.slice(2) },
          Anagrafica: { Denominazione: 'Prestatore Srl' },
          RegimeFiscale: 'RF01',
        },
        Sede: { Indirizzo: 'Via Roma 1', CAP: '00100', Comune: 'Roma', Provincia: 'RM', Nazione: 'IT' },
      },
      CessionarioCommittente: {
        DatiAnagrafici: {
          IdFiscaleIVA: { IdPaese: 'IT', IdCodice: customer.slice(2) },
          Anagrafica: { Denominazione: 'Committente Srl' },
        },
        Sede: { Indirizzo: 'Via Milano 2', CAP: '20100', Comune: 'Milano', Provincia: 'MI', Nazione: 'IT' },
      },
    },
    FatturaElettronicaBody: [
      {
        DatiGenerali: {
          DatiGeneraliDocumento: {
            TipoDocumento: 'TD01',
            Divisa: 'EUR',
            Data: '2025-01-31T00:00:00Z',
            Numero: number,
            ImportoTotaleDocumento: 122,
          },
        },
        DatiBeniServizi: {
          DettaglioLinee: [
            {
              NumeroLinea: 1,
              Descrizione: 'Servizio di consulenza',
              Quantita: 2,
              PrezzoUnitario: 50.125,
              PrezzoTotale: 100.25,
              AliquotaIVA: 22,
            },
          ],
          DatiRiepilogo: [
            { AliquotaIVA: 22, ImponibileImporto: 100.25, Imposta: 22.06, EsigibilitaIVA: 'I' },
          ],
        },
        DatiPagamento: [
          {
            CondizioniPagamento: 'TP02',
            DettaglioPagamento: [
              {
                ModalitaPagamento: 'MP05',
                // An offset west of UTC: the calendar date stays as written.
                DataScadenzaPagamento: '2025-02-28T23:00:00-05:00',
                ImportoPagamento: 122.31,
              },
            ],
          },
        ],
      },
    ],
  };
}

describe('the public JSON shape (openapi.yml FatturaOrdinaria)', () => {
  it('the committed generated types match openapi.yml', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await generateOpenApiTypes());
  });

  it('is accepted by /send/validate/json (204) and /send/json (201)', async () => {
    const validate = await caller.post('/v1/send/validate/json', { json: publicInvoice(4100, 'P-1') });
    expect(validate.status, validate.text).toBe(204);

    const res = await caller.post<Send>('/v1/send/json', { json: publicInvoice(4100, 'P-2') });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ document_number: 'P-2', format: 'FPR12', encoding: 'Xml' });
    expect(res.body.document_date).toBe('2025-01-31T00:00:00.000Z');

    const xml = (await caller.get(`/v1/send/${res.body.id}/payload`)).text;
    expect(xml).toContain('versione="FPR12"');
    expect(xml).toContain('SistemaEmittente="SDK-TEST"');
    expect(xml).toContain('<Data>2025-01-31</Data>');
    expect(xml).toContain('<DataScadenzaPagamento>2025-02-28</DataScadenzaPagamento>');
    expect(xml).toContain('<ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>');
    expect(xml).toContain('<Quantita>2.00</Quantita>');
    expect(xml).toContain('<PrezzoUnitario>50.125</PrezzoUnitario>');
    expect(xml).toContain('<AliquotaIVA>22.00</AliquotaIVA>');
    expect(xml).toContain('<NumeroLinea>1</NumeroLinea>');
  });

  it('is what the served /v1/openapi.json describes as the body of /send/json (FatturaOrdinaria, int32 kept)', async () => {
    const served = (await (await fetch(`${sandbox.origin}/v1/openapi.json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
      components: { schemas: Record<string, { properties: Record<string, { format?: string }> }> };
    };
    const root = { $ref: '#/components/schemas/FatturaOrdinaria' };
    for (const path of ['/v1/send/json', '/v1/send/validate/json'])
      expect(served.paths[path]!.post.requestBody.content['application/json']!.schema).toEqual(root);
    const { schemas } = served.components;
    expect(schemas.DettaglioLinee!.properties.NumeroLinea!.format).toBe('int32');
    expect(schemas.DettaglioLinee!.properties.PrezzoUnitario!.format).toBe('double');

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv as never);
    ajv.addFormat('int32', { type: 'number', validate: (n: number) => Math.abs(n) < 2 ** 31 });
    ajv.addFormat('double', { type: 'number', validate: () => true });
    const text = JSON.stringify({ components: served.components }).replaceAll(
      '"#/components/',
      '"doc#/components/',
    );
    ajv.addSchema({ $id: 'doc', ...(JSON.parse(text) as object) });
    const validate = ajv.compile({ $ref: 'doc#/components/schemas/FatturaOrdinaria' });
    const pa = publicInvoice(4400, 'P-5');
    pa.FatturaElettronicaHeader!.DatiTrasmissione!.FormatoTrasmissione = 'FPA12';
    pa.FatturaElettronicaHeader!.DatiTrasmissione!.CodiceDestinatario = 'AAAAAA';
    pa.FatturaElettronicaHeader!.CedentePrestatore!.Sede!.NumeroCivico = null;
    for (const invoice of [publicInvoice(4400, 'P-4'), pa]) {
      expect(validate(invoice), JSON.stringify(validate.errors)).toBe(true);
      const res = await caller.post('/v1/send/validate/json', {
        json: invoice,
        query: { signature: 'Auto' },
      });
      expect(res.status, res.text).toBe(204);
    }
    // The description can refuse: a line number is an integer, an element must exist in the schema.
    const wrong = publicInvoice(4400, 'P-6') as unknown as {
      FatturaElettronicaBody: { DatiBeniServizi: { DettaglioLinee: Record<string, unknown>[] } }[];
    };
    wrong.FatturaElettronicaBody[0]!.DatiBeniServizi.DettaglioLinee[0]!.NumeroLinea = 1.5;
    wrong.FatturaElettronicaBody[0]!.DatiBeniServizi.DettaglioLinee[0]!.Colore = 'blu';
    expect(validate(wrong)).toBe(false);
  });

  it('refuses a number that needs more decimals than the schema allows, at its path', async () => {
    const invoice = publicInvoice(4200, 'P-3');
    invoice.FatturaElettronicaBody![0]!.DatiGenerali!.DatiGeneraliDocumento!.ImportoTotaleDocumento = 12.345;
    for (const path of ['/v1/send/json', '/v1/send/validate/json']) {
      const res = await caller.post<ProblemDetails>(path, { json: invoice });
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors![0]).toMatchObject({
        code: '00200',
        path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/ImportoTotaleDocumento',
      });
      expect(res.body.errors![0]!.description).toContain('12.345');
    }
  });

  it('takes the FPA12 version from FormatoTrasmissione too, and null as absent', async () => {
    const invoice = publicInvoice(4300, 'P-4');
    invoice.FatturaElettronicaHeader!.DatiTrasmissione!.FormatoTrasmissione = 'FPA12';
    invoice.FatturaElettronicaHeader!.DatiTrasmissione!.CodiceDestinatario = 'AAAAAA';
    invoice.FatturaElettronicaHeader!.CedentePrestatore!.Sede!.NumeroCivico = null;
    invoice.SistemaEmittente = null;
    // signature=Auto (the default) signs an FPA12, which SDI requires.
    const res = await caller.post<Send>('/v1/send/json', { json: invoice, query: { validate: true } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ format: 'FPA12', encoding: 'Base64' });
    expect(res.body.file_name).toMatch(/\.xml\.p7m$/);
  });

  it('still accepts our own form (@versione, string leaves)', async () => {
    const xml = (
      await caller.get(
        `/v1/send/${(await caller.post<Send>('/v1/send/json', { json: publicInvoice(4400, 'P-5') })).body.id}/payload`,
      )
    ).text;
    const ours = invoiceToJson(parseInvoiceXml(xml.replace('<Numero>P-5</Numero>', '<Numero>P-6</Numero>')));
    expect(ours['@versione']).toBe('FPR12');
    expect((await caller.post('/v1/send/validate/json', { json: ours })).status).toBe(204);
    expect((await caller.post('/v1/send/json', { json: ours })).status).toBe(201);
  });
});
