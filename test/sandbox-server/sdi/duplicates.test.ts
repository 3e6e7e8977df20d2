import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators } from './notifications/reference-schemas.ts';
import { advance, sendOf, startSdiSandbox, submit, updatesOf, type SubmitOptions } from './sdi-sandbox.ts';

let sandbox: TestSandbox;
let caller: ApiCaller;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  caller = sandbox.caller('duplicates');
});
afterAll(async () => {
  disposeValidators();
  await sandbox.close();
});

async function settled(options: SubmitOptions): Promise<{ send: Send; codes: string[] }> {
  const submitted = await submit(caller, options);
  await advance(caller);
  const send = await sendOf(caller, submitted.id);
  const discard = (await updatesOf(caller, send.id)).find((u) => u.state === 'Scartato');
  return { send, codes: discard?.errors?.map((e) => e.code) ?? [] };
}

describe('00404: the key of a duplicate invoice is seller, number, type and the year of the date', () => {
  it('discards the same number of the same seller later in the same year, and takes it in another year or type', async () => {
    const supplierVat = italianVat(8301);
    const first = await settled({ supplierVat, number: 'D-7', date: '2026-01-10' });
    expect(first.send.latest_state).toBe('ImpossibilitaDiRecapito');

    // Another day of 2026: the same invoice for SDI (sdi-rules.md: "seller, year of the date, number").
    const sameYear = await settled({ supplierVat, number: 'D-7', date: '2026-02-20' });
    expect(sameYear.send.latest_state).toBe('Scartato');
    expect(sameYear.codes).toEqual(['00404']);

    const otherYear = await settled({ supplierVat, number: 'D-7', date: '2025-12-30' });
    expect(otherYear.codes).toEqual([]);
    const otherType = await settled({
      supplierVat,
      number: 'D-7',
      date: '2026-02-21',
      tipoDocumento: 'TD02',
    });
    expect(otherType.codes).toEqual([]);
    const otherSeller = await settled({ supplierVat: italianVat(8302), number: 'D-7', date: '2026-02-20' });
    expect(otherSeller.codes).toEqual([]);
  });

  it('00409 uses the same key inside one file: two bodies with one number in one year', async () => {
    const xml = invoiceXml({
      supplierVat: italianVat(8303),
      number: 'M-1',
      date: '2026-01-05',
      moreDocuments: [{ number: 'M-1', date: '2026-01-06' }],
    });
    const res = await caller.post<ProblemDetails>('/v1/send/validate/xml', {
      body: xml,
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors!.map((e) => e.code)).toEqual(['00409']);
  });
});
