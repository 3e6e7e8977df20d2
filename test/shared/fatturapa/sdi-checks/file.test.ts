import { describe, expect, it } from 'vitest';
import { SDI_MAX_FILE_SIZE } from '../../../../src/shared/fatturapa/sdi-checks/index.ts';
import { ordinary } from './invoice-builder.ts';

describe('file-level checks', () => {
  it('00001: rejects a name that does not follow the SdI naming rule', () => {
    const problems = ordinary().check({ fileName: 'fattura marzo.xml' });
    expect(problems).toEqual([
      {
        code: '00001',
        severity: 'error',
        path: '',
        params: { fileName: 'fattura marzo.xml', reason: 'bad-format' },
      },
    ]);
  });

  it('00001: accepts a valid name and skips the check when no name is given', () => {
    expect(ordinary().check({ fileName: 'IT12345678903_0a1Bz.xml' })).toEqual([]);
    expect(ordinary().check({ fileName: 'IT12345678903_00001.xml.p7m' })).toEqual([]);
    expect(ordinary().check({})).toEqual([]);
  });

  it('00002: reports a name the transmitter already used, through the isFileNameUsed hook', () => {
    const seen: string[] = [];
    const used = (name: string): boolean => {
      seen.push(name);
      return name === 'IT12345678903_00001.xml';
    };
    expect(ordinary().codes({ fileName: 'IT12345678903_00001.xml', isFileNameUsed: used })).toEqual([
      '00002',
    ]);
    expect(ordinary().codes({ fileName: 'IT12345678903_00002.xml', isFileNameUsed: used })).toEqual([]);
    expect(seen).toEqual(['IT12345678903_00001.xml', 'IT12345678903_00002.xml']);
  });

  it('00003: accepts exactly the size limit and rejects one byte more', () => {
    expect(ordinary().codes({ fileSize: SDI_MAX_FILE_SIZE })).toEqual([]);
    expect(ordinary().check({ fileSize: SDI_MAX_FILE_SIZE + 1 })).toEqual([
      { code: '00003', severity: 'error', path: '', params: { size: 5_000_001, limit: 5_000_000 } },
    ]);
  });

  it('00003: honours a configured limit', () => {
    expect(ordinary().codes({ fileSize: 2_000, maxFileSize: 1_000 })).toEqual(['00003']);
  });
});
