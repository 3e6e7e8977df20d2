import { describe, expect, it, vi } from 'vitest';
import { memoryJsonFile } from '../../src/main/json-file.ts';
import {
  DEFAULT_WINDOW_STATE,
  restoreWindowState,
  trackWindowState,
  type WindowState,
} from '../../src/main/window-state.ts';

const display = { x: 0, y: 0, width: 1920, height: 1080 };

describe('window state', () => {
  it('restores the saved size and position while it fits a display', () => {
    const file = memoryJsonFile<WindowState>({
      bounds: { x: 100, y: 80, width: 1000, height: 700 },
      maximized: true,
    });
    expect(restoreWindowState(file, [display])).toEqual({
      bounds: { x: 100, y: 80, width: 1000, height: 700 },
      maximized: true,
    });
  });

  it('keeps the size but lets the OS place a window whose display has gone', () => {
    const file = memoryJsonFile<WindowState>({
      bounds: { x: 2500, y: 80, width: 1000, height: 700 },
      maximized: false,
    });
    expect(restoreWindowState(file, [display]).bounds).toEqual({ width: 1000, height: 700 });
  });

  it('falls back to the default for a missing or nonsensical file', () => {
    expect(restoreWindowState(memoryJsonFile<WindowState>(), [display])).toEqual(DEFAULT_WINDOW_STATE);
    const tiny = memoryJsonFile<WindowState>({ bounds: { width: 3, height: 3 }, maximized: false });
    expect(restoreWindowState(tiny, [display])).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('saves after the window stops moving, and when it closes', () => {
    vi.useFakeTimers();
    try {
      const listeners = new Map<string, () => void>();
      let bounds = { x: 10, y: 10, width: 900, height: 600 };
      const file = memoryJsonFile<WindowState>();
      trackWindowState(
        { getNormalBounds: () => bounds, isMaximized: () => false, on: (e, l) => void listeners.set(e, l) },
        file,
        500,
      );
      listeners.get('move')!();
      expect(file.value).toBeNull();
      vi.advanceTimersByTime(500);
      expect(file.value).toEqual({ bounds, maximized: false });
      bounds = { x: 20, y: 20, width: 800, height: 500 };
      listeners.get('close')!();
      expect(file.value).toEqual({ bounds, maximized: false });
    } finally {
      vi.useRealTimers();
    }
  });
});
