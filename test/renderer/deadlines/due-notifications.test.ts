import { describe, expect, it } from 'vitest';
import {
  rowsToTell,
  toldKey,
  toldText,
  toldToday,
} from '../../../src/renderer/deadlines/due-notifications.ts';
import { a1, books, names, payment } from './fixtures.ts';

describe('the notification on the day something falls due', () => {
  it('tells the rows due today still to settle', () => {
    // 2 April: A-1 (976.00 to pay) falls due.
    expect(names(rowsToTell(books([], '2026-04-02'), '2026-04-02', new Set(), 'local'))).toEqual(['A-1#1']);
    // Paid already: nothing to tell.
    const paid = books([payment(a1, 1, '2026-04-01', 97600n)], '2026-04-02');
    expect(rowsToTell(paid, '2026-04-02', new Set(), 'local')).toEqual([]);
    // Nothing falls due on 3 April.
    expect(rowsToTell(books([], '2026-04-03'), '2026-04-03', new Set(), 'local')).toEqual([]);
  });

  it('tells each row once a day, per profile', () => {
    const rows = books([], '2026-03-31');
    const key = rows.find((row) => row.number === 'FT-1' && row.position === 1)!.key;
    const told = toldToday(toldText('2026-03-31', [toldKey('local', key)]), '2026-03-31');
    expect(rowsToTell(rows, '2026-03-31', told, 'local')).toEqual([]);
    expect(names(rowsToTell(rows, '2026-03-31', told, 'remote-1'))).toEqual(['FT-1#1']);
    // What was told yesterday counts for nothing today.
    expect(toldToday(toldText('2026-03-30', [toldKey('local', key)]), '2026-03-31').size).toBe(0);
    expect(toldToday('not json', '2026-03-31').size).toBe(0);
    expect(toldToday(null, '2026-03-31').size).toBe(0);
  });
});
