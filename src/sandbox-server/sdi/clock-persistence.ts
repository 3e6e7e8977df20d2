import type { ClockPersistence } from '../clock.ts';
import type { SettingsRepository } from '../store/settings.ts';

const KEY = 'sandbox_clock';

/** Keeps the sandbox clock's offset (or frozen instant) in the settings table, so a restart keeps its time. */
export function settingsClockPersistence(settings: SettingsRepository): ClockPersistence {
  return {
    load() {
      const saved = settings.get(KEY);
      if (saved === null) return null;
      try {
        const parsed = JSON.parse(saved.toString('utf8')) as { offsetMs?: unknown; frozenAt?: unknown };
        const offsetMs = typeof parsed.offsetMs === 'number' ? parsed.offsetMs : 0;
        const frozenAt = typeof parsed.frozenAt === 'number' ? parsed.frozenAt : null;
        return { offsetMs, frozenAt };
      } catch {
        return null;
      }
    },
    save(state) {
      settings.set(KEY, JSON.stringify(state));
    },
  };
}
