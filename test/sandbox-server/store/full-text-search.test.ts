import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxStore } from '../../../src/sandbox-server/server.ts';
import { FOLDED_TO_ASCII, fullTextClause } from '../../../src/sandbox-server/store/list-query.ts';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';
import type { Store } from '../../../src/sandbox-server/store/store.ts';

/**
 * `q` on a large table runs as candidates from a few rare trigrams checked with LIKE (list-query.ts,
 * fullTextClause) instead of one FTS5 phrase query. Both must find exactly the same rows.
 */
const dir = mkdtempSync(join(tmpdir(), 'scambio-fts-'));
const NOW = '2026-01-01T00:00:00.000Z';
const SEARCHED = [
  'committente',
  'prestatore',
  'identifier',
  'file_name',
  'nome_committente',
  'document_number',
];
let store: Store;
let scope: { accountId: number; environment: 'test' };

// Accents, both foldings into ASCII (KELVIN SIGN, LONG S), a capital I with dot (which does not fold to i),
// sharp s, LIKE's own wildcards and escape, quotes, emoji.
const NAMES = [
  'Caffè ROMA Srl',
  'Kelvin \u212a 5 \u212a',
  'Pas\u017fo Carrabile',
  '100% puro_x',
  'back\\slash & Co',
  'Studio "Quote" Associati',
  '\u0130stanbul Kebab',
  'STRASSE Spa',
  'Stra\u00dfe Gmbh',
  'Pizzeria 😀 Napoli',
  null,
];

beforeAll(() => {
  store = openSandboxStore(dir);
  scope = { accountId: store.accounts.ensure('a', NOW), environment: 'test' };
  const other = { accountId: store.accounts.ensure('b', NOW), environment: 'test' as const };
  // The narrowed search runs on tables past a size (by their largest id): start the ids there.
  store.db.prepare("UPDATE sqlite_sequence SET seq = 50000 WHERE name = 'sends'").run();
  for (const [owner, label] of [
    [scope, 'a'],
    [other, 'b'],
  ] as const) {
    const company = store.companies.insert(
      owner,
      { vat: label === 'a' ? 'IT01234567897' : 'IT09876543210', fiscal_code: '01234567897', name: 'X' },
      NOW,
    );
    NAMES.forEach((name, i) => {
      store.sends.insert(owner, {
        companyId: company.id,
        identifier: `${label}${100_000 + i}`,
        fileName: `IT01234567897_${label}${i}.xml`,
        format: 'FPR12',
        encoding: 'Xml',
        payload: new TextEncoder().encode('<x/>'),
        committente: i % 2 ? 'IT0000000001' : null,
        prestatore: 'IT01234567897',
        nomeCommittente: name,
        documentNumber: `FT/${label}/${i}`,
        documentDate: NOW,
        documents: [],
        metaData: null,
        dateSent: null,
        lastUpdate: null,
        created: NOW,
      });
    });
  }
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the phrase query alone finds in the caller's scope: the rule the narrowed search must follow. */
function phraseMatches(text: string): number[] {
  return store.db
    .prepare(
      `SELECT id FROM sends WHERE account_id = ? AND environment = ?
         AND id IN (SELECT rowid FROM sends_fts WHERE sends_fts MATCH ?) ORDER BY id`,
    )
    .pluck()
    .all(scope.accountId, scope.environment, `"${text.replaceAll('"', '""')}"`) as number[];
}

describe('free-text search on a large table', () => {
  const queries = [
    'caff',
    'ROMA srl',
    'kelvin',
    '5 k',
    'k 5 k',
    'asso',
    'pas',
    '100%',
    '0% p',
    'o_x',
    'back\\sl',
    '\\sl',
    '"quote"',
    'istanbul',
    'stanbul',
    'strasse',
    'gmbh',
    'pizzeria',
    'ria ',
    'a100',
    'FT/a/1',
    't/a',
    'IT01234567897_a',
    'nothing like it',
  ];

  it('narrows ASCII texts through rare trigrams and finds what the phrase query finds', () => {
    for (const text of queries) {
      const clause = fullTextClause(store.db, { ftsTable: 'sends_fts', columns: SEARCHED, text });
      expect(clause.sql, text).toContain('LIKE');
      const page = store.sends.list(scope, { q: text, sorting: null, paging: { page: 1, pageSize: 100 } });
      expect(
        page.rows.map((r) => r.id),
        text,
      ).toEqual(phraseMatches(text));
      expect(page.total, text).toBe(phraseMatches(text).length);
    }
    // Not vacuous: the foldings into ASCII and the wildcards did find rows.
    for (const text of ['kelvin', '5 k', 'asso', '100%', 'o_x', 'back\\sl', '"quote"'])
      expect(phraseMatches(text).length, text).toBeGreaterThan(0);
    expect(phraseMatches('istanbul')).toEqual([]);
  });

  it('leaves a text with other characters to the phrase query', () => {
    const clause = fullTextClause(store.db, { ftsTable: 'sends_fts', columns: SEARCHED, text: 'caffè' });
    expect(clause.sql).not.toContain('LIKE');
    expect(
      store.sends.list(scope, { q: 'CAFFÈ', sorting: null, paging: { page: 1, pageSize: 10 } }).total,
    ).toBe(1);
  });

  it('relies on the only two characters the index folds into ASCII', () => {
    // Every code point beyond ASCII, each in a row of its own between two markers, searched for each ASCII
    // character: the rows found are the code points the trigram index folds into that character.
    const db = new Database(':memory:');
    try {
      db.exec(`CREATE VIRTUAL TABLE f USING fts5(t, tokenize='trigram')`);
      const insert = db.prepare('INSERT INTO f (rowid, t) VALUES (?, ?)');
      db.transaction(() => {
        for (let code = 0x80; code <= 0x10ffff; code++) {
          if (code >= 0xd800 && code <= 0xdfff) continue;
          insert.run(code, `\u0001${String.fromCodePoint(code)}\u0001`);
        }
      })();
      const search = db.prepare('SELECT rowid FROM f WHERE f MATCH ?').pluck();
      const folded: [number, string][] = [];
      for (let ascii = 0x20; ascii < 0x7f; ascii++) {
        const char = String.fromCharCode(ascii);
        for (const code of search.all(`"\u0001${char.replaceAll('"', '""')}\u0001"`) as number[])
          folded.push([code, char.toLowerCase()]);
      }
      const unique = [...new Map(folded.map(([code, char]) => [`${code}`, [code, char] as const])).values()];
      expect(unique.sort((a, b) => a[0] - b[0])).toEqual([...FOLDED_TO_ASCII].sort((a, b) => a[0] - b[0]));
    } finally {
      db.close();
    }
  }, 120_000);
});
