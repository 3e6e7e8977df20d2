import { describe, expect, it } from 'vitest';
import { csvField, readCsv, unescapeFormula, writeCsv } from '../../../src/shared/registry/index.ts';

describe('the registry CSV', () => {
  it('quotes what holds a separator, quote or line break, and guards formula-looking text both ways', () => {
    expect(csvField('Rossi; Bianchi')).toBe('"Rossi; Bianchi"');
    expect(csvField('Rossi, Bianchi')).toBe('"Rossi, Bianchi"');
    expect(csvField('Il "Ponte"')).toBe('"Il ""Ponte"""');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3+cmd|x')).toBe("'-2+3+cmd|x");
    expect(unescapeFormula("'=1+1")).toBe('=1+1');
    // An apostrophe before ordinary text is the user's own.
    expect(unescapeFormula("'ndrangheta")).toBe("'ndrangheta");
  });

  it('writes a BOM, semicolons and CRLF, plain numbers of numeric columns without the guard', () => {
    const rows = [
      { a: '-5.00', b: '-5.00' },
      { a: '-5+1', b: 'x' },
    ];
    expect(writeCsv(['a', 'b'], rows, new Set(['a']))).toBe("\uFEFFa;b\r\n-5.00;'-5.00\r\n'-5+1;x\r\n");
  });

  it('reads the known columns by name in any case, skipping blank lines, with CR, LF or CRLF line ends', () => {
    const table = readCsv('\uFEFF\r\n Name ;Other;NAME;Street-Number\r"Uno";x;y;1/A\n;;;\r\nDue;;;2', [
      'name',
      'street_number',
      'town',
    ]);
    expect(table.headerLine).toBe(2);
    expect([...table.columns]).toEqual([
      ['name', 0],
      ['street_number', 3],
    ]);
    expect(
      table.rows.map((row) => [row.line, row.cell('name'), row.cell('street_number'), row.cell('town')]),
    ).toEqual([
      [3, 'Uno', '1/A', ''],
      [5, 'Due', '2', ''],
    ]);
    expect(table.unclosedQuoteAt).toBeNull();
  });
});
