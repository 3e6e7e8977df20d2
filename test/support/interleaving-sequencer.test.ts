import { describe, expect, it } from 'vitest';
import { takeTurns } from './interleaving-sequencer.ts';

describe('the suite order: journeys and the other files taking turns', () => {
  it('takes one from each list in turn, keeping each list in its order, until all are taken', () => {
    const journeys = ['everyday', 'lists', 'filing'];
    const units = ['seed', 'hostile', 'cades', 'zip', 'clock'];
    expect(takeTurns([journeys, units])).toEqual([
      'everyday',
      'seed',
      'lists',
      'hostile',
      'filing',
      'cades',
      'zip',
      'clock',
    ]);
  });

  it('loses nothing and adds nothing with one list, or an empty one', () => {
    expect(takeTurns([['a', 'b']])).toEqual(['a', 'b']);
    expect(takeTurns([[], ['a']])).toEqual(['a']);
    expect(takeTurns([])).toEqual([]);
  });
});
