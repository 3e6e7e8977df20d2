import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaOffice, ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { ScambioClient } from '../../../src/shared/client/index.ts';
import { ApiProblem } from '../../../src/shared/client/problem.ts';
import { magicScenario } from '../../../src/sandbox-server/sdi/scenario.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators } from './notifications/reference-schemas.ts';
import {
  advance,
  checkNotifications,
  sendOf,
  startSdiSandbox,
  submit,
  updatesOf,
  type SubmitOptions,
} from './sdi-sandbox.ts';

/*
 * SDI discards an FPA12 whose CodiceDestinatario is not an office of the IPA directory (00311), or one no longer
 * active (00312): sdi-rules.md §b, §f. The sandbox checks a test key's FPA12 against a directory of its own, kept
 * in the data folder and managed through /_sandbox/pa-offices; serve --lenient-ipa turns the check off.
 */

const CODE_PATH = 'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario';
const xmlHeaders = { 'content-type': 'application/xml' };

let sandbox: TestSandbox;
let caller: ApiCaller;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  caller = sandbox.caller('ipa');
});
afterAll(async () => {
  disposeValidators();
  await sandbox.close();
});

function paInvoice(seed: number, number: string, codiceDestinatario: string): string {
  return invoiceXml({ supplierVat: italianVat(seed), format: 'FPA12', codiceDestinatario, number });
}

async function settled(on: ApiCaller, options: SubmitOptions): Promise<Send> {
  const send = await submit(on, options);
  await advance(on);
  return sendOf(on, send.id);
}

describe('an FPA12 to an office the directory does not have', () => {
  it('is discarded with 00311, as /send/validate says in the caller’s language', async () => {
    const xml = paInvoice(8201, 'IPA-1', 'ZZZZZZ');
    const words = { it: "non è presente nell'Indice", en: 'there is no office ZZZZZZ', de: 'steht nicht im' };
    for (const [language, phrase] of Object.entries(words)) {
      const validated = await caller.withLanguage(language).post<ProblemDetails>('/v1/send/validate/xml', {
        body: xml,
        headers: xmlHeaders,
      });
      expect(validated.status).toBe(422);
      expect(validated.body.errors).toEqual([
        {
          code: '00311',
          path: CODE_PATH,
          description: expect.stringContaining(phrase),
          hint: expect.any(String),
        },
      ]);
    }
    const refused = await caller.post('/v1/send/xml', {
      body: xml,
      headers: xmlHeaders,
      query: { validate: true },
    });
    expect(refused.status).toBe(422);

    const send = await settled(caller, { xml });
    expect(send.latest_state).toBe('Scartato');
    const [, scarto] = await updatesOf(caller, send.id);
    expect(scarto!.errors).toEqual([
      {
        code: '00311',
        description:
          "1.1.4 <CodiceDestinatario> non valido: l'ufficio ZZZZZZ non è presente nell'Indice delle Pubbliche Amministrazioni (IPA).",
        hint: expect.stringContaining('/_sandbox/pa-offices'),
      },
    ]);
    await checkNotifications(caller, send);
  });

  it('goes through once the office is added, and gets 00312 while the office is inactive', async () => {
    const added = await caller.post<PaOffice>('/_sandbox/pa-offices', {
      json: { code: 'UFINAT', name: 'Comune di Prova', active: false },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ code: 'UFINAT', name: 'Comune di Prova', active: false });
    const inactive = await settled(caller, { xml: paInvoice(8202, 'IPA-2', 'UFINAT') });
    const [, scarto] = await updatesOf(caller, inactive.id);
    expect(scarto!.errors!.map((e) => [e.code, e.description])).toEqual([
      ['00312', expect.stringContaining("non è più attivo nell'Indice")],
    ]);

    const reactivated = await caller.post<PaOffice>('/_sandbox/pa-offices', {
      json: { code: 'UFINAT', name: 'Comune di Prova' },
    });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.active).toBe(true);
    const delivered = await settled(caller, { xml: paInvoice(8202, 'IPA-3', 'UFINAT') });
    expect(delivered.latest_state).toBe('Consegnato');
  });

  it('goes through with lenientIpa (serve --lenient-ipa), and with a live key, which the directory is not for', async () => {
    // A live key cannot move the sandbox clock: its steps run on real time, here as soon as they are due.
    const live = sandbox.caller('ipa', 'live');
    const sent = await submit(live, { xml: paInvoice(8203, 'IPA-4', 'ZZZZZZ') });
    await sandbox.server.services.jobs.runDue();
    expect((await sendOf(live, sent.id)).latest_state).toBe('Consegnato');

    const { sandbox: lenient } = await startSdiSandbox({ lenientIpa: true });
    try {
      const on = lenient.caller();
      const xml = paInvoice(8204, 'IPA-5', 'ZZZZZZ');
      const validated = await on.post('/v1/send/validate/xml', { body: xml, headers: xmlHeaders });
      expect(validated.status).toBe(204);
      expect((await settled(on, { xml })).latest_state).toBe('Consegnato');
    } finally {
      await lenient.close();
    }
  });
});

describe('/_sandbox/pa-offices', () => {
  it('starts with the offices of the reference samples and every FPA12 magic code, for all the folder’s accounts', async () => {
    const listed = await sandbox.caller('ipa-other').get<PaOffice[]>('/_sandbox/pa-offices');
    expect(listed.status).toBe(200);
    const codes = listed.body.map((office) => office.code);
    expect(codes).toEqual(
      expect.arrayContaining(['AAAAAA', 'UFPQ1O', 'UFSBX1', 'SBXACC', 'SBXRIF', 'SBXNCO']),
    );
    // The magic codes are offices the sandbox plays: each one that steers an FPA12 is in the directory.
    for (const code of ['SBXACC', 'SBXRIF', 'SBXNCO']) expect(magicScenario(code, 'FPA12')).not.toEqual({});
    // One directory for the data folder: what one account added, another sees.
    expect(codes).toContain('UFINAT');
    expect(listed.body.every((office) => office.active || office.code === 'UFINAT')).toBe(true);
  });

  it('adds, lists and removes offices through the typed client; a removed office gives 00311 again', async () => {
    const client = ScambioClient.connect({ baseUrl: sandbox.server.baseUrl, apiKey: caller.key! });
    expect(await client.sandbox.addPaOffice('UFCLI1', { name: 'ASL di Prova' })).toEqual({
      code: 'UFCLI1',
      name: 'ASL di Prova',
      active: true,
    });
    expect(await client.sandbox.paOffices()).toContainEqual({
      code: 'UFCLI1',
      name: 'ASL di Prova',
      active: true,
    });
    expect((await settled(caller, { xml: paInvoice(8205, 'IPA-6', 'UFCLI1') })).latest_state).toBe(
      'Consegnato',
    );
    expect(await client.sandbox.removePaOffice('UFCLI1')).toMatchObject({ code: 'UFCLI1' });
    await expect(client.sandbox.removePaOffice('UFCLI1')).rejects.toBeInstanceOf(ApiProblem);
    const again = await settled(caller, { xml: paInvoice(8205, 'IPA-7', 'UFCLI1') });
    expect((await updatesOf(caller, again.id))[1]!.errors!.map((e) => e.code)).toEqual(['00311']);
  });

  it('refuses what is not an office code with 422, and an unknown one on DELETE with 404', async () => {
    const bad = await caller.withLanguage('en').post<ProblemDetails>('/_sandbox/pa-offices', {
      json: { code: 'ufy9', active: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors!.map((e) => e.path)).toEqual(['code', 'active']);
    expect(bad.body.errors![0]!.description).toContain('6 upper-case letters or digits');
    expect((await caller.delete('/_sandbox/pa-offices/QQQQQQ')).status).toBe(404);
    expect((await sandbox.caller('ipa', 'live').get('/_sandbox/pa-offices')).status).toBe(403);
  });
});
