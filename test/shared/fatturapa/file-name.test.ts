import { describe, expect, it } from 'vitest';
import {
  checkSdiFileName,
  generateSdiFileName,
  isSignedFileName,
} from '../../../src/shared/fatturapa/index.ts';

/** A random source that replays the given bytes, then fails loudly if asked for more. */
function replay(bytes: number[]): (n: number) => Uint8Array {
  let offset = 0;
  return (n) => {
    if (offset >= bytes.length) throw new Error('replay exhausted');
    const out = new Uint8Array(bytes.slice(offset, offset + n));
    offset += n;
    return out;
  };
}

describe('checkSdiFileName', () => {
  it.each([
    'IT01234567890_x05mX.xml',
    'IT08973230967_6zZcm.xml',
    'IT01234567890_1.xml',
    'ITRSSMRA80A01H501U_00001.xml.p7m',
    'DE123456789_AB12c.xml',
    'SM12_1.xml',
  ])('accepts %s', (name) => {
    expect(checkSdiFileName(name)).toBe('ok');
  });

  it.each([
    ['a forward slash', '../IT01234567890_1.xml'],
    ['a folder', 'in/IT01234567890_1.xml'],
    ['a backslash', 'C:\\IT01234567890_1.xml'],
    ['a double dot', 'IT01234567890_1..xml'],
    ['a NUL byte', 'IT01234567890_1.xml\u0000.exe'],
    ['a newline', 'IT01234567890_1.xml\n'],
    ['a DEL character', 'IT01234567890_1\u007f.xml'],
  ])('reports a name with %s as path', (_label, name) => {
    expect(checkSdiFileName(name)).toBe('path');
  });

  it('reports names longer than 50 characters as too-long before looking at their format', () => {
    const name = `IT${'1'.repeat(43)}_1.xml`;
    expect(name.length).toBe(51);
    expect(checkSdiFileName(name)).toBe('too-long');
  });

  it('accepts the longest name the pattern allows (44 characters, below the 50-character limit)', () => {
    const name = `DE${'1'.repeat(28)}_12345.xml.p7m`;
    expect(name.length).toBe(44);
    expect(checkSdiFileName(name)).toBe('ok');
  });

  it.each([
    ['a lower-case country', 'it01234567890_1.xml'],
    ['an upper-case extension', 'IT01234567890_1.XML'],
    ['a zip archive', 'IT01234567890_1.zip'],
    ['a signature without xml', 'IT01234567890_1.p7m'],
    ['no underscore', 'IT01234567890.xml'],
    ['a six-character progressive', 'IT01234567890_123456.xml'],
    ['an empty progressive', 'IT01234567890_.xml'],
    ['a hyphen in the progressive', 'IT01234567890_1-2.xml'],
    ['a one-character id', 'DE1_1.xml'],
    ['a space', 'IT01234567890_1 .xml'],
  ])('reports a name with %s as bad-format', (_label, name) => {
    expect(checkSdiFileName(name)).toBe('bad-format');
  });

  it('requires an Italian id of 11 or 16 characters, reporting others as bad-id-length', () => {
    expect(checkSdiFileName('IT0123456789_1.xml')).toBe('bad-id-length');
    expect(checkSdiFileName('IT012345678901_1.xml')).toBe('bad-id-length');
    expect(checkSdiFileName('ITRSSMRA80A01H501_1.xml')).toBe('bad-id-length');
    expect(checkSdiFileName('DE0123456789_1.xml')).toBe('ok');
  });
});

describe('isSignedFileName', () => {
  it('recognizes the .xml.p7m extension only', () => {
    expect(isSignedFileName('IT01234567890_1.xml.p7m')).toBe(true);
    expect(isSignedFileName('IT01234567890_1.xml')).toBe(false);
    expect(isSignedFileName('IT01234567890_1.p7m')).toBe(false);
  });
});

describe('generateSdiFileName', () => {
  it('maps each usable random byte to one of 62 letters and digits', () => {
    expect(generateSdiFileName('IT', '01234567890', false, replay([0, 25, 26, 51, 52, 61, 0, 0, 0, 0]))).toBe(
      'IT01234567890_AZaz0.xml',
    );
    expect(
      generateSdiFileName('IT', '01234567890', false, replay([61, 62, 123, 124, 247, 0, 0, 0, 0, 0])),
    ).toBe('IT01234567890_9A9A9.xml');
  });

  it('discards bytes from 248 upwards so that no character is more likely than another', () => {
    const bytes = [248, 255, 250, 1, 2, 249, 3, 4, 5, 6];
    expect(generateSdiFileName('IT', '01234567890', false, replay(bytes))).toBe('IT01234567890_BCDEF.xml');
  });

  it('asks for more bytes when a batch does not contain enough usable ones', () => {
    const bytes = [...Array<number>(8).fill(255), 0, 1, 2, 3, 4, 5, ...Array<number>(4).fill(0)];
    expect(generateSdiFileName('IT', '01234567890', false, replay(bytes))).toBe('IT01234567890_ABCDE.xml');
  });

  it('gives every character exactly the same number of byte values', () => {
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b++) {
      // 61 ('9') follows, and no discarded byte (248-255) would map to '9', so '99999' proves b was skipped.
      const name = generateSdiFileName('IT', '01234567890', false, replay([b, ...Array<number>(9).fill(61)]));
      if (b >= 248) {
        expect(name).toBe('IT01234567890_99999.xml');
        continue;
      }
      const char = name.charAt(14);
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    expect(new Set(counts.values())).toEqual(new Set([4]));
  });

  it('gives up when the random source never yields a usable byte', () => {
    expect(() => generateSdiFileName('IT', '01234567890', false, () => new Uint8Array(10).fill(255))).toThrow(
      /random source/,
    );
  });

  it('uses the .xml.p7m extension for signed files', () => {
    expect(generateSdiFileName('IT', 'RSSMRA80A01H501U', true, replay([0, 1, 2, 3, 4, 0, 0, 0, 0, 0]))).toBe(
      'ITRSSMRA80A01H501U_ABCDE.xml.p7m',
    );
  });

  it('always produces names that checkSdiFileName accepts', () => {
    const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
    for (let i = 0; i < 200; i++) {
      const name = generateSdiFileName('IT', '01234567890', i % 2 === 0, random);
      expect(checkSdiFileName(name)).toBe('ok');
    }
  });

  it('refuses a country or code that cannot form a valid name', () => {
    const random = replay(Array<number>(100).fill(0));
    expect(() => generateSdiFileName('it', '01234567890', false, random)).toThrow(RangeError);
    expect(() => generateSdiFileName('IT', '0123456789', false, random)).toThrow(/bad-id-length/);
    expect(() => generateSdiFileName('IT', '../etc', false, random)).toThrow(/path/);
  });
});
