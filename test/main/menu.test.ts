import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { liveSendConfirmation, menuTemplate } from '../../src/main/menu.ts';
import { LANGUAGES, type Screen } from '../../src/shared/gateway/channels.ts';

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

describe('the application menu', () => {
  it('has the usual roles plus the app actions, which reach the window, the data folder and the web', () => {
    const calls: string[] = [];
    const template = menuTemplate(
      'en',
      {
        navigate: (screen: Screen) => calls.push(`navigate:${screen}`),
        openDataFolder: () => calls.push('data-folder'),
        openSdiInfo: () => calls.push('sdi-info'),
      },
      'linux',
    );
    const all = items(template);
    expect(all.map((i) => i.role).filter(Boolean)).toEqual(
      expect.arrayContaining(['editMenu', 'viewMenu', 'windowMenu', 'quit', 'help']),
    );
    for (const item of all.filter((i) => i.click)) (item.click as () => void)();
    expect(calls).toEqual([
      'navigate:compose',
      'navigate:send',
      'navigate:inbox',
      'navigate:export',
      'navigate:profiles',
      'data-folder',
      'sdi-info',
    ]);
    expect(
      items(menuTemplate('en', { navigate() {}, openDataFolder() {}, openSdiInfo() {} }, 'darwin'))[0]!.role,
    ).toBe('appMenu');
  });

  it('opens the composer with its own shortcut, none used twice', () => {
    const all = items(menuTemplate('it', { navigate() {}, openDataFolder() {}, openSdiInfo() {} }, 'linux'));
    const compose = all.find((i) => i.id === 'compose');
    expect(compose).toMatchObject({ label: 'Nuova fattura…', accelerator: 'CmdOrCtrl+Shift+N' });
    const accelerators = all.map((i) => i.accelerator).filter(Boolean);
    expect(new Set(accelerators).size).toBe(accelerators.length);
    expect(accelerators).toEqual(
      expect.arrayContaining(['CmdOrCtrl+Shift+N', 'CmdOrCtrl+N', 'CmdOrCtrl+I', 'CmdOrCtrl+E']),
    );
  });

  it('offers DevTools (and their shortcut) only when asked, as in an unpackaged run', () => {
    const actions = { navigate() {}, openDataFolder() {}, openSdiInfo() {} };
    const packaged = menuTemplate('en', actions, 'linux');
    const view = packaged.find((item) => item.role === 'viewMenu')!;
    const roles = items(view.submenu as MenuItemConstructorOptions[]).map((i) => i.role);
    expect(roles).toEqual(expect.arrayContaining(['reload', 'resetZoom', 'zoomIn', 'togglefullscreen']));
    expect(items(packaged).map((i) => i.role)).not.toContain('toggleDevTools');
    // Unpackaged: Electron's own View menu, which includes "Toggle Developer Tools".
    const development = menuTemplate('en', actions, 'linux', true).find((item) => item.role === 'viewMenu')!;
    expect(development.submenu).toBeUndefined();
  });

  it('speaks every UI language, with different words per language', () => {
    const labels = LANGUAGES.map((language) =>
      items(menuTemplate(language, { navigate() {}, openDataFolder() {}, openSdiInfo() {} }, 'linux'))
        .map((i) => i.label)
        .filter(Boolean)
        .join('|'),
    );
    expect(new Set(labels).size).toBe(LANGUAGES.length);
    expect(labels[0]).toContain('Invia fatture');
    expect(liveSendConfirmation('de', 'Produktion').message).toContain('„Produktion“');
    expect(liveSendConfirmation('it', 'X').buttons).toEqual(['Annulla', 'Invia']);
  });
});
