import { describe, expect, it } from 'vitest';
import {
  invoiceFileStem,
  MAX_NOTIFICATION_PROGRESSIVE,
  notificationFileName,
  notificationProgressive,
} from '../../../../src/sandbox-server/sdi/notifications/index.ts';

describe('notificationFileName', () => {
  it('drops .xml and .xml.p7m from the invoice name', () => {
    expect(notificationFileName('IT01234567890_11111.xml', 'RC', 1)).toBe('IT01234567890_11111_RC_001.xml');
    expect(notificationFileName('IT01234567890_11111.xml.p7m', 'NS', 2)).toBe(
      'IT01234567890_11111_NS_002.xml',
    );
    expect(notificationFileName('ITHVQWPH73P42H501Y_00022.xml', 'MT', 1)).toBe(
      'ITHVQWPH73P42H501Y_00022_MT_001.xml',
    );
    expect(notificationFileName('IT01234567890_x05mX.XML.P7M', 'EC', 12)).toBe(
      'IT01234567890_x05mX_EC_012.xml',
    );
    expect(notificationFileName('IT01234567890_1111A.zip', 'NS', 1)).toBe('IT01234567890_1111A_NS_001.xml');
  });

  it('covers every message type', () => {
    for (const type of ['RC', 'NS', 'MC', 'NE', 'DT', 'AT', 'MT', 'EC', 'SE'] as const) {
      expect(notificationFileName('IT01234567890_11111.xml', type, 999)).toBe(
        `IT01234567890_11111_${type}_999.xml`,
      );
    }
  });

  it('never carries a directory part', () => {
    expect(invoiceFileStem('../../etc/IT01234567890_11111.xml')).toBe('IT01234567890_11111');
    expect(invoiceFileStem('C:\\in\\IT01234567890_11111.xml.p7m')).toBe('IT01234567890_11111');
    expect(() => invoiceFileStem('dir/.xml')).toThrow(RangeError);
  });
});

describe('notificationProgressive', () => {
  it('is decimal from 001 to 999', () => {
    expect(notificationProgressive(1)).toBe('001');
    expect(notificationProgressive(42)).toBe('042');
    expect(notificationProgressive(999)).toBe('999');
  });

  it('continues in base 36 without reusing a decimal name', () => {
    expect(notificationProgressive(1000)).toBe('00A');
    expect(notificationProgressive(1025)).toBe('00Z');
    expect(notificationProgressive(1026)).toBe('01A');
    expect(notificationProgressive(MAX_NOTIFICATION_PROGRESSIVE)).toBe('ZZZ');
  });

  it('gives every progressive a distinct 3-character name, in ascending order', () => {
    const names: string[] = [];
    for (let n = 1; n <= MAX_NOTIFICATION_PROGRESSIVE; n++) names.push(notificationProgressive(n));
    expect(new Set(names).size).toBe(MAX_NOTIFICATION_PROGRESSIVE);
    expect(names.every((name) => /^[0-9A-Z]{3}$/.test(name))).toBe(true);
    expect(names.slice(999).every((name) => /[A-Z]/.test(name))).toBe(true);
    expect(names.slice(999)).toEqual([...names.slice(999)].sort());
  });

  it('refuses progressives outside 1..ZZZ', () => {
    for (const bad of [0, -1, 1.5, MAX_NOTIFICATION_PROGRESSIVE + 1, Number.NaN]) {
      expect(() => notificationProgressive(bad)).toThrow(RangeError);
    }
  });
});
