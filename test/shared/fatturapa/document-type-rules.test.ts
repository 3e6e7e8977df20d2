import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, TURNOVER_SIGNS } from '../../../src/shared/fatturapa/code-labels/index.ts';
import {
  documentTypeRule,
  documentTypeRules,
  documentTypesWhere,
} from '../../../src/shared/fatturapa/document-type-rules.ts';
import { referenceAvailable, referenceDir } from './reference-samples.ts';

const codes = Object.keys(documentTypeRules);

describe('what each document type requires', () => {
  it('has one rule per TipoDocumento, under the same key as its label and its turnover sign', () => {
    expect(codes).toHaveLength(23);
    expect(codes.sort()).toEqual(Object.keys(DOCUMENT_TYPES).sort());
    expect(codes.sort()).toEqual(Object.keys(TURNOVER_SIGNS).sort());
    for (const code of codes) {
      expect(documentTypeRule(code)?.code).toBe(code);
      expect(DOCUMENT_TYPES[code]).toEqual({
        it: expect.any(String),
        en: expect.any(String),
        de: expect.any(String),
      });
    }
    expect(documentTypeRule('TD99')).toBeUndefined();
    expect(documentTypeRule(null)).toBeUndefined();
  });

  it.runIf(referenceAvailable)('covers the types each official schema enumerates, in its format', () => {
    const enumerated = (xsd: string) =>
      [
        ...readFileSync(`${referenceDir}xsd/${xsd}`, 'utf8').matchAll(/<xs:enumeration value="(TD\d\d)"/g),
      ].map((m) => m[1]!);
    expect(documentTypesWhere((r) => r.format === 'ordinary')).toEqual(
      enumerated('fatturapa/Schema_VFPR12_v1.2.3.xsd'),
    );
    expect(documentTypesWhere((r) => r.format === 'simplified')).toEqual(
      enumerated('semplificata/Schema_VFSM10.xsd'),
    );
  });

  it('says which documents are notes, advances and simplified', () => {
    expect(documentTypesWhere((r) => r.note === 'credit')).toEqual(['TD04', 'TD08']);
    expect(documentTypesWhere((r) => r.note === 'debit')).toEqual(['TD05', 'TD09']);
    expect(documentTypesWhere((r) => r.advance)).toEqual(['TD02', 'TD03']);
    // A credit note is the only document that reduces a turnover total.
    for (const code of codes)
      expect(TURNOVER_SIGNS[code]).toBe(documentTypeRule(code)?.note === 'credit' ? -1 : 1);
    expect(documentTypesWhere((r) => r.format === 'simplified')).toEqual(['TD07', 'TD08', 'TD09']);
  });

  it('lists the SdI controls by type as sdi-rules.md does, with TD29 added by the specifications 1.9', () => {
    const where = documentTypesWhere;
    // 00471 (ordinary, and TD07 in FSM10)
    // prettier-ignore
    expect(where((r) => r.parties === 'different')).toEqual([
      'TD01', 'TD02', 'TD03', 'TD06', 'TD07', 'TD16', 'TD17', 'TD18', 'TD19', 'TD20', 'TD24', 'TD25', 'TD28', 'TD29',
    ]);
    // 00472
    expect(where((r) => r.parties === 'same')).toEqual(['TD21', 'TD27']);
    // 00473
    const sellerCountries = where((r) => r.sellerCountry !== 'any').map((c) => [
      c,
      documentTypeRule(c)?.sellerCountry,
    ]);
    // prettier-ignore
    expect(sellerCountries).toEqual([
      ['TD17', 'foreign'], ['TD18', 'foreign'], ['TD19', 'foreign'], ['TD28', 'SM'], ['TD29', 'IT'],
    ]);
    expect(where((r) => r.sellerCountryOO)).toEqual(['TD17', 'TD19']);
    // 00475
    // prettier-ignore
    expect(where((r) => r.buyerVatRequired)).toEqual([
      'TD16', 'TD17', 'TD18', 'TD19', 'TD20', 'TD22', 'TD23', 'TD28', 'TD29',
    ]);
    // 00401/00430 exception and 00474
    expect(where((r) => r.natureWithRate)).toEqual(['TD16']);
    expect(where((r) => r.linesNeedRate)).toEqual(['TD21']);
  });

  it('says who fills the file in, what it links to and where it goes', () => {
    const where = documentTypesWhere;
    // prettier-ignore
    expect(where((r) => r.issuedBy === 'customer')).toEqual([
      'TD16', 'TD17', 'TD18', 'TD19', 'TD20', 'TD22', 'TD23', 'TD28', 'TD29',
    ]);
    expect(where((r) => r.issuedBy === 'self')).toEqual(['TD21', 'TD27']);
    expect(where((r) => r.linkedInvoice === 'required')).toEqual(['TD04', 'TD05', 'TD08', 'TD09', 'TD16']);
    expect(where((r) => r.deliveryNotes)).toEqual(['TD24']);
    expect(where((r) => r.recipientCode !== null)).toEqual(['TD29']);
    expect(documentTypeRule('TD29')?.recipientCode).toBe('0000000');
  });
});
