import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway, PickedFile } from '../../../src/shared/gateway/channels.ts';
import { clientOf } from '../../../src/renderer/data/api.ts';
import { createHttpGateway } from '../../../src/renderer/gateway/http-gateway.ts';
import { submissionRequests } from '../../../src/renderer/send/submission.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

const picked = (name: string, bytes: Uint8Array): PickedFile => ({
  name,
  contentBase64: Buffer.from(bytes).toString('base64'),
});

/** The invoice file exactly as the server stored it (what SDI checks, exports and hashes). */
function storedBytes(sandbox: TestSandbox, key: string, id: number): Buffer {
  const { accountId, environment } = sandbox.server.services.keys.authenticate(key)!;
  return sandbox.server.store.sends.fileBytes({ accountId, environment }, id)!;
}

// The gateway cannot send multipart: these are the JSON and text routes the Send screen uses instead.
describe('the requests that check and send a picked invoice file', () => {
  let sandbox: TestSandbox;
  let gateway: Gateway;
  let key: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    key = sandbox.server.services.keys.create({ account: 'default', environment: 'test' }).key;
    gateway = createHttpGateway({ apiBase: sandbox.server.baseUrl, sessionKey: key });
  });
  afterAll(() => sandbox.close());

  it('sends a UTF-8 XML file as XML text and the server keeps its very bytes', async () => {
    const bytes = new TextEncoder().encode(
      `\uFEFF${invoiceXml({ supplierVat: italianVat(301), supplierName: 'Città Srl' })}`,
    );
    const requests = submissionRequests(picked('fattura.xml', bytes), 'k-301');
    expect(requests.validate.path).toBe('/send/validate/xml');
    expect((await gateway.api.request(requests.validate)).status).toBe(204);
    const { send } = await requests.send(clientOf(gateway));
    expect(send.encoding).toBe('Xml');
    expect(storedBytes(sandbox, key, send.id).equals(Buffer.from(bytes))).toBe(true);
  });

  it('sends an ISO-8859-1 XML file as Base64 in JSON, byte for byte', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(302), supplierName: 'Società Srl' }).replace(
      'encoding="UTF-8"',
      'encoding="ISO-8859-1"',
    );
    const bytes = new Uint8Array(Buffer.from(xml, 'latin1'));
    const requests = submissionRequests(picked('fattura.xml', bytes), 'k-302');
    expect(requests.validate.path).toBe('/send/validate');
    expect((await gateway.api.request(requests.validate)).status).toBe(204);
    const { send } = await requests.send(clientOf(gateway));
    expect(storedBytes(sandbox, key, send.id).equals(Buffer.from(bytes))).toBe(true);
  });

  it('checks and sends a signed P7M file through the JSON routes', async () => {
    // A P7M the sandbox signed itself: sent once with signature=Apply, then read back.
    const signed = await sandbox.caller('default').post<{ id: number }>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: italianVat(303) }),
      query: { signature: 'Apply' },
    });
    const p7m = storedBytes(sandbox, key, signed.body.id);
    const requests = submissionRequests(picked('fattura.xml.p7m', new Uint8Array(p7m)), 'k-303');
    expect(requests.validate.path).toBe('/send/validate');
    expect((await gateway.api.request(requests.validate)).status).toBe(204);
    const { send } = await requests.send(clientOf(gateway));
    expect(send.file_name).toMatch(/\.xml\.p7m$/);
  });

  it('gets every problem of an invalid file from the validation, storing nothing', async () => {
    const xml = invoiceXml({ supplierVat: 'IT01234567890', number: '' });
    const requests = submissionRequests(picked('bad.xml', new TextEncoder().encode(xml)), 'k-304');
    const checked = await gateway.api.request(requests.validate);
    expect(checked.status).toBe(422);
    const errors = (checked.body as { errors: { code: string; path: string | null }[] }).errors;
    expect(errors.length).toBeGreaterThan(1);
    expect(errors.map((e) => e.code)).toContain('00300');
  });

  it('sends one invoice when the same pick is sent twice (Idempotency-Key)', async () => {
    const bytes = new TextEncoder().encode(invoiceXml({ supplierVat: italianVat(305) }));
    const requests = submissionRequests(picked('fattura.xml', bytes), 'k-305');
    const first = await requests.send(clientOf(gateway));
    const again = await requests.send(clientOf(gateway));
    expect(again.replayed).toBe(true);
    expect(again.send.id).toBe(first.send.id);
  });

  it('keeps the name of a file already named as SDI names files, XML or P7M', async () => {
    const bytes = new TextEncoder().encode(invoiceXml({ supplierVat: italianVat(306) }));
    const name = `${italianVat(306)}_0A1b2.xml`;
    const requests = submissionRequests(picked(name, bytes), 'k-306');
    expect(requests.validate.path).toBe('/send/validate');
    expect((await gateway.api.request(requests.validate)).status).toBe(204);
    const { send } = await requests.send(clientOf(gateway));
    expect(send.file_name).toBe(name);
    expect(storedBytes(sandbox, key, send.id).equals(Buffer.from(bytes))).toBe(true);
  });
});
