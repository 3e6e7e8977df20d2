import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleInvoice } from '../../../src/sandbox-server/cli/sample-invoice.ts';
import { openSandboxStore } from '../../../src/sandbox-server/server.ts';
import type { Store } from '../../../src/sandbox-server/store/store.ts';
import { parseInvoiceXml, runSdiChecks } from '../../../src/shared/fatturapa/index.ts';

let dataDir: string;
let store: Store;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'scambio-sample-invoice-'));
  store = openSandboxStore(dataDir);
});

afterAll(() => {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the sample invoice', () => {
  // 0xAB… makes every hex character a letter: the draw that once gave a number without a digit (00425).
  for (const byte of [0x00, 0xab]) {
    it(`passes every SDI check whatever the random draw (bytes 0x${byte.toString(16)})`, () => {
      const sample = sampleInvoice(store, (length) => new Uint8Array(length).fill(byte), {
        account: 'default',
        pa: false,
      });
      const doc = parseInvoiceXml(new TextEncoder().encode(sample.xml));
      const errors = runSdiChecks(doc, { receivedAt: new Date() }).filter((p) => p.severity === 'error');
      expect(errors).toEqual([]);
      expect(/<Numero>([^<]+)</.exec(sample.xml)![1]).toMatch(/^SMP-\d{6}$/);
    });
  }
});
