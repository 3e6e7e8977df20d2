import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRequest, type ExportChoice } from '../../src/renderer/export-request.ts';
import type { Gateway } from '../../src/shared/gateway/channels.ts';
import { createHttpGateway } from '../../src/renderer/http-gateway.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.ts';

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
