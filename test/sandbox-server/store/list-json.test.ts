import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSandboxStore } from '../../../src/sandbox-server/server.ts';

const dir = mkdtempSync(join(tmpdir(), 'scambio-list-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';
// Quotes, backslashes, control characters, accents and emoji: whatever JSON.stringify escapes or keeps.
const AWKWARD = 'Caffè "Ròma" \\ \n\t\u0001 € 😀 </script>';

describe('list pages serialized by SQLite', () => {
  it('are byte for byte what JSON.stringify makes of the rows list() returns', () => {
    const store = openSandboxStore(dir);
    try {
      const scope = { accountId: store.accounts.ensure('a', NOW), environment: 'test' as const };
      const company = store.companies.insert(
        scope,
        { vat: 'IT01234567897', fiscal_code: '01234567897', name: 'Acme Srl' },
        NOW,
      );
      const base = {
        companyId: company.id,
        format: 'FPR12',
        encoding: 'Xml' as const,
        payload: new TextEncoder().encode('<x/>'),
        prestatore: 'IT01234567897',
        documentDate: '2026-01-02',
        dateSent: null,
        lastUpdate: null,
        created: NOW,
      };
      for (let i = 0; i < 6; i++) {
        store.sends.insert(scope, {
          ...base,
          identifier: i % 2 ? String(1000 + i) : null,
          fileName: `IT01234567897_0000${i}.xml`,
          committente: i % 3 ? 'IT09876543210' : null,
          nomeCommittente: i === 1 ? AWKWARD : i === 2 ? null : `Cliente ${i}`,
          documentNumber: i === 3 ? null : `F-${i}`,
          documents: i === 4 ? [] : [{ number: `F-${i}`, date: '2026-01-02' }],
          metaData: i === 1 ? { order: AWKWARD, n: '1' } : i === 2 ? {} : null,
        });
        store.receives.insert(scope, {
          ...base,
          identifier: String(2000 + i),
          messageId: i % 2 ? null : String(i),
          fileName: `IT01234567897_1000${i}.xml`,
          committente: 'IT01234567897',
          prestatore: 'IT09876543210',
          nomePrestatore: i === 1 ? AWKWARD : null,
          documentNumber: `R-${i}`,
          documents: i === 4 ? [] : [{ number: `R-${i}`, date: '2026-01-02' }],
        });
      }
      store.receives.markRead(scope, [2, 3]);
      const queries = [
        { sorting: null, paging: { page: 1, pageSize: 100 } },
        { sorting: null, paging: { page: 2, pageSize: 4 } },
        { sorting: { column: 'document_date', descending: true }, paging: { page: 1, pageSize: 3 } },
        { q: 'Caff', sorting: null, paging: { page: 1, pageSize: 10 } },
        { q: 'nothing like it', sorting: null, paging: { page: 1, pageSize: 10 } },
      ];
      for (const query of queries) {
        const sends = store.sends.list(scope, query);
        const sendsJson = store.sends.listJson(scope, query);
        expect(sendsJson.bytes.toString('utf8')).toBe(JSON.stringify(sends.rows));
        expect(sendsJson.total).toBe(sends.total);
        const receives = store.receives.list(scope, { ...query, unread: query.q === undefined });
        const receivesJson = store.receives.listJson(scope, { ...query, unread: query.q === undefined });
        expect(receivesJson.bytes.toString('utf8')).toBe(JSON.stringify(receives.rows));
        expect(receivesJson.total).toBe(receives.total);
      }
      expect(store.sends.listJson(scope, queries[0]!).bytes.toString('utf8')).toContain(
        '"meta_data":{"order"',
      );
    } finally {
      store.close();
    }
  });
});
