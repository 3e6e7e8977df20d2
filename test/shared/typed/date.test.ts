import { describe, expect, it } from 'vitest';
import { readTypedDate, readTypedDateTime, type TypedDate } from '../../../src/shared/typed/date.ts';
import { seeded } from './seeded.ts';

const plain = (read: TypedDate | ReturnType<typeof readTypedDateTime>) =>
  read.kind === 'ok' ? read.iso : read.kind === 'invalid' ? `invalid ${read.reason}` : read.kind;

describe('a typed date, read day first', () => {
  it.each([
    ['27/11/2026', '2026-11-27'],
    ['27.11.2026', '2026-11-27'],
    ['27-11-2026', '2026-11-27'],
    ['27 11 2026', '2026-11-27'],
    ['  7/3/2026 ', '2026-03-07'],
    ['27/11/26', '2026-11-27'],
    ['27. 11. 2026', '2026-11-27'],
    ['27112026', '2026-11-27'],
    ['271126', '2026-11-27'],
    ['2026-11-27', '2026-11-27'],
    ['27 Nov 2026', '2026-11-27'],
    ['27 nov. 2026', '2026-11-27'],
    ['27 novembre 2026', '2026-11-27'],
    ['27. November 2026', '2026-11-27'],
    ['1 Sept 2026', '2026-09-01'],
    ['1 settembre 2026', '2026-09-01'],
    ['3 März 2026', '2026-03-03'],
    ['3 mag 2026', '2026-05-03'],
    ['3 Mai 2026', '2026-05-03'],
    ['31 Dez 2026', '2026-12-31'],
    ['Nov 27, 2026', '2026-11-27'],
    ['29/02/2024', '2024-02-29'],
    ['', 'empty'],
    // Refused, never moved to another day.
    ['29/02/2025', 'invalid no-such-day'],
    ['31/04/2026', 'invalid no-such-day'],
    ['32/01/2026', 'invalid no-such-day'],
    ['11/27/2026', 'invalid form'],
    ['00/11/2026', 'invalid form'],
    ['27/11/202', 'invalid form'],
    ['27/11', 'invalid form'],
    ['27 Xyz 2026', 'invalid form'],
    ['27 ma 2026', 'invalid form'],
    ['yesterday', 'invalid form'],
    ['2026-13-01', 'invalid form'],
  ])('%j gives %s', (text, expected) => {
    expect(plain(readTypedDate(text))).toBe(expected);
  });

  it.each([
    ['27/11/2026 10:05', '2026-11-27T10:05:00'],
    ['27/11/2026, 10:05:07', '2026-11-27T10:05:07'],
    ['27 Nov 2026 9.30', '2026-11-27T09:30:00'],
    ['27.11.2026 23:59:59', '2026-11-27T23:59:59'],
    ['2026-11-27T10:05', '2026-11-27T10:05:00'],
    ['27/11/2026', '2026-11-27T00:00:00'],
    ['27/11/2026 24:00', 'invalid no-such-time'],
    ['27/11/2026 10:60', 'invalid no-such-time'],
    ['31/11/2026 10:00', 'invalid no-such-day'],
    ['10:00', 'invalid form'],
    ['', 'empty'],
  ])('date and time %j gives %s', (text, expected) => {
    expect(plain(readTypedDateTime(text))).toBe(expected);
  });

  it('every day of 1990–2099 written in each accepted numeric form reads back as itself (seeded, bounded)', () => {
    const random = seeded(2611);
    const pad = (n: number) => String(n).padStart(2, '0');
    for (let i = 0; i < 3000; i++) {
      const day = new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 40_177) * 86_400_000);
      const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
      const iso = `${y}-${pad(m)}-${pad(d)}`;
      const forms = [
        `${pad(d)}/${pad(m)}/${y}`,
        `${d}.${m}.${y}`,
        `${d}-${m}-${y}`,
        iso,
        `${pad(d)}${pad(m)}${y}`,
      ];
      if (y >= 2000) forms.push(`${d}/${m}/${String(y).slice(2)}`);
      for (const text of forms) expect(plain(readTypedDate(text)), text).toBe(iso);
    }
  });
});
