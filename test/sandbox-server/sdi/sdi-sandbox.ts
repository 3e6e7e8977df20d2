import { expect } from 'vitest';
import type { Company, Send } from '../../../src/shared/api/types.ts';
import { SandboxClock } from '../../../src/sandbox-server/clock.ts';
import type { SandboxOptions } from '../../../src/sandbox-server/server.ts';
import type { Update } from '../../../src/shared/api/types.ts';
import { invoiceXml, type InvoiceOptions } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { referenceAvailable, schemaErrors } from './notifications/reference-schemas.ts';

export const START = new Date('2026-03-02T09:00:00.000Z');

/** The real server with a frozen sandbox clock and no SDI delay: the SDI acts only when the test lets it. */
export async function startSdiSandbox(
  options: Partial<SandboxOptions> = {},
): Promise<{ sandbox: TestSandbox; clock: SandboxClock }> {
  const clock = new SandboxClock();
  clock.freeze(true);
  clock.set(START);
  const sandbox = await startTestSandbox({ clock, sdiDelayMs: 0, ...options });
  return { sandbox, clock };
}

/** Moves the sandbox clock (0 just runs what is due) and waits for every job that fell due. */
export async function advance(caller: ApiCaller, by: string | number = 0): Promise<void> {
  const res = await caller.post('/_sandbox/clock', { json: { advance: by }, unchecked: true });
  expect(res.status).toBe(200);
}

export interface SubmitOptions extends InvoiceOptions {
  /** Adds a PECDestinatario after CodiceDestinatario. */
  pec?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  xml?: string;
}

export function invoiceWith(options: SubmitOptions): string {
  const xml = options.xml ?? invoiceXml(options);
  return options.pec
    ? xml.replace(
        '</CodiceDestinatario>',
        `</CodiceDestinatario>\n      <PECDestinatario>${options.pec}</PECDestinatario>`,
      )
    : xml;
}

export async function submit(caller: ApiCaller, options: SubmitOptions = {}): Promise<Send> {
  const res = await caller.post<Send>('/v1/send/xml', {
    body: invoiceWith(options),
    headers: { 'content-type': 'application/xml', ...options.headers },
    query: options.query,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export async function registerCompany(
  caller: ApiCaller,
  vat: string,
  name = 'Azienda Srl',
): Promise<Company> {
  const res = await caller.post<Company>('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name } });
  expect(res.status).toBe(201);
  return res.body;
}

export async function updatesOf(caller: ApiCaller, sendId: number): Promise<Update[]> {
  const res = await caller.get<Update[]>('/v1/update', { query: { send_id: sendId, sort: 'id' } });
  expect(res.status).toBe(200);
  return res.body;
}

export async function statesOf(caller: ApiCaller, sendId: number): Promise<string[]> {
  return (await updatesOf(caller, sendId)).map((u) => u.state);
}

export async function sendOf(caller: ApiCaller, sendId: number): Promise<Send> {
  const res = await caller.get<Send>(`/v1/send/${sendId}`);
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * Every notification file of the send's updates, each checked against the official schema of its family
 * (MessaggiTypes_v1.1, signature included, for FPA12; MessaggiFatturaTypes_v1.0 otherwise).
 */
export async function checkNotifications(caller: ApiCaller, send: Send): Promise<string[]> {
  const names: string[] = [];
  for (const update of await updatesOf(caller, send.id)) {
    const res = await caller.get(`/v1/update/${update.id}/notification`);
    if (update.state === 'Inviato') {
      expect(res.status).toBe(404);
      continue;
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
    names.push(name);
    expect(res.text).toContain(`<IdentificativoSdI>${send.identifier}</IdentificativoSdI>`);
    expect(res.text).toContain(`<MessageId>${update.message_id}</MessageId>`);
    if (referenceAvailable) {
      expect(schemaErrors(send.format === 'FPA12' ? 'paStrict' : 'b2b', res.text), name).toEqual([]);
    }
  }
  return names;
}
