import { describe, expect, it } from 'vitest';
import {
  describeStructureProblem,
  invoiceToJson,
  parseInvoiceXml,
  structureMessages,
  validateInvoiceXmlStructure,
  validateStructure,
} from '../../../../src/shared/fatturapa/index.ts';
import type { StructureProblem, StructureProblemKind } from '../../../../src/shared/fatturapa/index.ts';
import { syntheticInvoiceXml } from './synthetic-invoice.ts';

const KINDS: readonly StructureProblemKind[] = [
  'missing',
  'unexpected',
  'order',
  'too-many',
  'length',
  'pattern',
  'enum',
  'decimal',
  'date',
  'choice',
  'empty',
];

/** Documented placeholders per kind (see messages.ts); {{path}} and {{element}} exist for all. */
const PLACEHOLDERS: Record<StructureProblemKind, readonly string[]> = {
  missing: ['parent'],
  unexpected: ['parent'],
  order: ['parent', 'expected'],
  'too-many': ['max'],
  length: ['value', 'length', 'min', 'max'],
  pattern: ['value', 'expected'],
  enum: ['value', 'allowed'],
  decimal: ['value', 'format'],
  date: ['value', 'format'],
  choice: ['options'],
  empty: [],
};

describe('problem paths', () => {
  it('points exactly at DettaglioLinee[3]/AliquotaIVA when only that value is broken', () => {
    const xml = syntheticInvoiceXml(5, (n) => (n === 3 ? { AliquotaIVA: '22' } : {}));
    expect(validateInvoiceXmlStructure(xml)).toEqual([
      {
        code: '00200',
        kind: 'decimal',
        path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/AliquotaIVA',
        params: { element: 'AliquotaIVA', value: '22', format: 'N{1,3}.N{2} ≤ 100.00' },
      },
    ]);
  });

  it('gives the same path when the JSON form is validated', () => {
    const xml = syntheticInvoiceXml(5, (n) => (n === 3 ? { AliquotaIVA: '22' } : {}));
    const problems = validateStructure(invoiceToJson(parseInvoiceXml(xml)));
    expect(problems.map((p) => p.path)).toEqual([
      'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/AliquotaIVA',
    ]);
  });

  it('reports every broken line, not just the first', () => {
    const xml = syntheticInvoiceXml(10, (n) => (n % 3 === 0 ? { PrezzoTotale: '20' } : {}));
    expect(validateInvoiceXmlStructure(xml).map((p) => p.path)).toEqual([
      'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/PrezzoTotale',
      'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[6]/PrezzoTotale',
      'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[9]/PrezzoTotale',
    ]);
  });

  it('indexes a non-repeatable element only from its second occurrence', () => {
    const xml = syntheticInvoiceXml(1).replace(
      '<Divisa>EUR</Divisa>',
      '<Divisa>EUR</Divisa><Divisa>USD</Divisa>',
    );
    expect(validateInvoiceXmlStructure(xml)).toEqual([
      expect.objectContaining({
        kind: 'too-many',
        path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/Divisa[2]',
        params: { element: 'Divisa', max: 1 },
      }),
    ]);
  });

  it('names attributes with @ and stray text with text()', () => {
    const xml = syntheticInvoiceXml(1)
      .replace('versione="FPR12"', 'versione="FPR12" SistemaEmittente="TROPPO-LUNGO-PER-10"')
      .replace('<DatiGenerali>', '<DatiGenerali>???');
    expect(validateInvoiceXmlStructure(xml).map((p) => `${p.kind} ${p.path}`)).toEqual([
      'length @SistemaEmittente',
      'unexpected FatturaElettronicaBody[1]/DatiGenerali/text()',
    ]);
  });
});

describe('structure messages', () => {
  it('exist in Italian, English and German for every kind', () => {
    for (const lang of ['it', 'en', 'de'] as const) {
      expect(Object.keys(structureMessages[lang]).sort()).toEqual([...KINDS].sort());
      for (const kind of KINDS) {
        const { description, hint } = structureMessages[lang][kind];
        expect(description.length, `${lang}/${kind}`).toBeGreaterThan(10);
        expect(hint.length, `${lang}/${kind}`).toBeGreaterThan(10);
      }
    }
  });

  it('use only the placeholders each kind provides', () => {
    for (const lang of ['it', 'en', 'de'] as const) {
      for (const kind of KINDS) {
        const { description, hint } = structureMessages[lang][kind];
        const used = [...`${description} ${hint}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
        const allowed = ['path', 'element', ...PLACEHOLDERS[kind]];
        expect(
          used.filter((name) => !allowed.includes(name ?? '')),
          `${lang}/${kind}`,
        ).toEqual([]);
      }
    }
  });

  it('are filled completely for real problems of every kind', () => {
    const broken = syntheticInvoiceXml(3)
      .replace('<ProgressivoInvio>00042</ProgressivoInvio>', '') // missing
      .replace('<Numero>2024/0042</Numero>', '<Numero>2024/0042</Numero><Numero>1</Numero>') // too-many
      .replace('<UnitaMisura>PZ</UnitaMisura>', '<UnitaMisura>PEZZI-SFUSI-X</UnitaMisura>') // length
      .replace('<CAP>00100</CAP>', '<CAP>0010A</CAP>') // pattern
      .replace('<TipoDocumento>TD01</TipoDocumento>', '<TipoDocumento>TD00</TipoDocumento>') // enum
      .replace('<Quantita>2.00</Quantita>', '<Quantita>2</Quantita>') // decimal
      .replace('<Data>2024-03-15</Data>', '<Data>15-03-2024</Data>') // date
      .replace(/<Nome>Mario<\/Nome>\s*<Cognome>Rossi<\/Cognome>/, '') // choice
      .replace('<Divisa>EUR</Divisa>', '<Divisa/>') // empty
      .replace(
        '<CondizioniPagamento>TP02</CondizioniPagamento>',
        '<Foo/><CondizioniPagamento>TP02</CondizioniPagamento>',
      ) // unexpected
      .replace(
        /(<ModalitaPagamento>MP05<\/ModalitaPagamento>)(\s*)(<DataScadenzaPagamento>[^<]*<\/DataScadenzaPagamento>)(\s*)(<ImportoPagamento>[^<]*<\/ImportoPagamento>)/,
        '$1$2$5$4$3',
      ); // order
    const problems = validateInvoiceXmlStructure(broken);
    expect(new Set(problems.map((p) => p.kind))).toEqual(new Set(KINDS));
    for (const problem of problems) {
      for (const lang of ['it', 'en', 'de'] as const) {
        const described = describeStructureProblem(problem, lang);
        expect(described.code).toBe('00200');
        expect(described.path).toBe(problem.path);
        expect(`${described.description} ${described.hint}`, `${lang} ${problem.kind}`).not.toMatch(/\{\{/);
        expect(described.description).toContain(problem.path);
      }
    }
  });

  it('reads naturally in each language', () => {
    const problem: StructureProblem = {
      code: '00200',
      kind: 'enum',
      path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento',
      params: { element: 'TipoDocumento', value: 'TD00', allowed: 'TD01, TD02' },
    };
    expect(describeStructureProblem(problem, 'it')).toEqual({
      code: '00200',
      description:
        'Il valore «TD00» di TipoDocumento non è un codice ammesso (FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento).',
      hint: 'Valori ammessi: TD01, TD02.',
      path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento',
    });
    expect(describeStructureProblem(problem, 'en').hint).toBe('Allowed values: TD01, TD02.');
    expect(describeStructureProblem(problem, 'de').hint).toBe('Zulässige Werte: TD01, TD02.');
  });
});
