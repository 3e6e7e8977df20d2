import type { JsonFile } from './json-file.ts';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}
export interface WindowState {
  bounds: WindowBounds;
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { bounds: { width: 1200, height: 800 }, maximized: false };

interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The saved size and position, if it still fits a connected display (a monitor may have gone); otherwise the
 * saved size, centred by the OS.
 */
export function restoreWindowState(file: JsonFile<WindowState>, displays: Rectangle[]): WindowState {
  const saved = file.read();
  if (!saved || !(saved.bounds?.width > 200) || !(saved.bounds?.height > 150)) return DEFAULT_WINDOW_STATE;
  const { x, y, width, height } = saved.bounds;
  const visible =
    x !== undefined &&
    y !== undefined &&
    displays.some((d) => x >= d.x && y >= d.y && x + 100 <= d.x + d.width && y + 50 <= d.y + d.height);
  return {
    bounds: visible ? { x, y, width, height } : { width, height },
    maximized: Boolean(saved.maximized),
  };
}

export interface TrackedWindow {
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  on(event: 'resize' | 'move' | 'close', listener: () => void): void;
}

/** Saves the window's state shortly after it stops moving, and once more as it closes. */
export function trackWindowState(window: TrackedWindow, file: JsonFile<WindowState>, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => file.write({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', () => {
    clearTimeout(timer);
    save();
  });
}
