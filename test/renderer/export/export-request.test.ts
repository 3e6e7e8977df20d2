import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentDateRange,
  exportRequest,
  receivedArchiveName,
  receivedDateRange,
  type ExportChoice,
} from '../../../src/renderer/export/export-request.ts';
import type { Gateway } from '../../../src/shared/gateway/channels.ts';
import { createHttpGateway } from '../../../src/renderer/gateway/http-gateway.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

describe('the export form as a request', () => {
  let sandbox: TestSandbox;
  let gateway: Gateway;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    const key = sandbox.server.services.keys.create({ account: 'default', environment: 'test' }).key;
    gateway = createHttpGateway({ apiBase: sandbox.server.baseUrl, sessionKey: key });
  });
  afterAll(() => sandbox.close());

  const choices: [ExportChoice, string][] = [
    [
      { type: 'both', period: { kind: 'month', year: 2025, month: 3 }, companyId: null },
      'scambio-export-2025-03.zip',
    ],
    [
      { type: 'receive', period: { kind: 'quarter', year: 2025, quarter: 2 }, companyId: null },
      'scambio-export-receive-2025-Q2.zip',
    ],
    [
      { type: 'send', period: { kind: 'range', from: '2025-01-01', to: '2025-01-31' }, companyId: null },
      'scambio-export-send-2025-01-01_2025-01-31.zip',
    ],
  ];

  it.each(choices)('asks for a period the server accepts (%j)', async (choice, name) => {
    const { request, suggestedName } = exportRequest(choice);
    expect(suggestedName).toBe(name);
    // Nothing in this sandbox: a well-formed question gets 204, a malformed one would get 400.
    const response = await gateway.api.request(request);
    expect(response.status).toBe(204);
  });

  it('leaves out the type for both and names the company', () => {
    const { request } = exportRequest({
      type: 'both',
      period: { kind: 'month', year: 2025, month: 1 },
      companyId: 7,
    });
    expect(request.query).toEqual({ type: undefined, company_id: 7, year: 2025, month: 1 });
  });
});

describe('the dates a period selects', () => {
  it('reads document dates as whole UTC days, as the service reads year+month', () => {
    expect(documentDateRange({ kind: 'month', year: 2026, month: 2 })).toEqual({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-28T23:59:59.999Z',
    });
    expect(documentDateRange({ kind: 'quarter', year: 2026, quarter: 4 })).toEqual({
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-12-31T23:59:59.999Z',
    });
    expect(documentDateRange({ kind: 'range', from: '2026-03-05', to: '2026-03-05' })).toEqual({
      from: '2026-03-05T00:00:00.000Z',
      to: '2026-03-05T23:59:59.999Z',
    });
  });

  it('reads received dates as Italian days, summer time included', () => {
    // March 2026: CET at its start (UTC+1), CEST at its end (UTC+2, from the 29th).
    expect(receivedDateRange({ kind: 'month', year: 2026, month: 3 })).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T21:59:59.999Z',
    });
    expect(receivedDateRange({ kind: 'quarter', year: 2026, quarter: 4 })).toEqual({
      from: '2026-09-30T22:00:00.000Z',
      to: '2026-12-31T22:59:59.999Z',
    });
    expect(receivedArchiveName({ kind: 'month', year: 2026, month: 3 })).toBe(
      'scambio-export-receive-received-2026-03.zip',
    );
  });
});
