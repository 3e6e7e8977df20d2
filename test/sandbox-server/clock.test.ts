import { describe, expect, it } from 'vitest';
import { parseDuration, SandboxClock, type ClockPersistence } from '../../src/sandbox-server/clock.ts';

function wallAt(start: number) {
  const wall = { now: start };
  return { wall, read: () => wall.now };
}

describe('the sandbox clock', () => {
  it('follows real time plus an offset that advance() grows', () => {
    const { wall, read } = wallAt(Date.parse('2026-01-01T00:00:00Z'));
    const clock = new SandboxClock(null, read);
    clock.advance(parseDuration('15d')!);
    expect(clock.now().toISOString()).toBe('2026-01-16T00:00:00.000Z');
    wall.now += 1000;
    expect(clock.now().toISOString()).toBe('2026-01-16T00:00:01.000Z');
    expect(clock.state()).toMatchObject({ offset_seconds: 15 * 86_400, frozen: false });
  });

  it('stands still while frozen and resumes from where it stood', () => {
    const { wall, read } = wallAt(Date.parse('2026-01-01T00:00:00Z'));
    const clock = new SandboxClock(null, read);
    clock.freeze(true);
    wall.now += 60_000;
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance(parseDuration('36h')!);
    expect(clock.now().toISOString()).toBe('2026-01-02T12:00:00.000Z');
    clock.freeze(false);
    wall.now += 1000;
    expect(clock.now().toISOString()).toBe('2026-01-02T12:00:01.000Z');
  });

  it('jumps to a set instant and keeps its setting across a restart', () => {
    let saved: ReturnType<ClockPersistence['load']> = null;
    const persistence: ClockPersistence = { load: () => saved, save: (s) => (saved = s) };
    const { read } = wallAt(Date.parse('2026-01-01T00:00:00Z'));
    new SandboxClock(persistence, read).set(new Date('2027-05-05T05:05:05Z'));
    expect(new SandboxClock(persistence, read).now().toISOString()).toBe('2027-05-05T05:05:05.000Z');
  });

  it.each([
    ['15d', 15 * 86_400_000],
    ['36h', 36 * 3_600_000],
    ['30s', 30_000],
    ['90', 90_000],
    [120, 120_000],
    ['1.5m', 90_000],
    ['soon', null],
    [-5, null],
    ['', null],
  ])('reads the duration %s', (input, expected) => {
    expect(parseDuration(input)).toBe(expected);
  });
});
