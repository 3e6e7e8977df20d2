import type { MenuItemConstructorOptions } from 'electron';
import type { Language, Screen } from '../shared/gateway/channels.ts';

/** What the menu's own items do; the host wires them to the window, the shell and the data folder. */
export interface MenuActions {
  navigate(screen: Screen): void;
  openDataFolder(): void;
  openSdiInfo(): void;
}

const LABELS = {
  it: {
    file: 'File',
    compose: 'Nuova fattura…',
    send: 'Invia fatture…',
    inbox: 'Fatture ricevute',
    export: 'Esporta ZIP…',
    profiles: 'Profili',
    dataFolder: 'Apri la cartella dei dati',
    help: 'Aiuto',
    docs: 'Che cos’è lo SDI (fatturapa.gov.it)',
  },
  en: {
    file: 'File',
    compose: 'New invoice…',
    send: 'Send invoices…',
    inbox: 'Received invoices',
    export: 'Export ZIP…',
    profiles: 'Profiles',
    dataFolder: 'Open data folder',
    help: 'Help',
    docs: 'About SDI (fatturapa.gov.it)',
  },
  de: {
    file: 'Datei',
    compose: 'Neue Rechnung…',
    send: 'Rechnungen senden…',
    inbox: 'Empfangene Rechnungen',
    export: 'ZIP exportieren…',
    profiles: 'Profile',
    dataFolder: 'Datenordner öffnen',
    help: 'Hilfe',
    docs: 'Über SDI (fatturapa.gov.it)',
  },
} satisfies Record<Language, Record<string, string>>;

/**
 * The View menu without "Toggle Developer Tools" (and so without its Ctrl+Shift+I / Alt+Cmd+I shortcut): the
 * packaged app's, whose window is also created with `devTools: false`.
 */
const VIEW_WITHOUT_DEVTOOLS: MenuItemConstructorOptions[] = [
  { role: 'reload' },
  { role: 'forceReload' },
  { type: 'separator' },
  { role: 'resetZoom' },
  { role: 'zoomIn' },
  { role: 'zoomOut' },
  { type: 'separator' },
  { role: 'togglefullscreen' },
];

/**
 * The application menu: the platform's usual roles plus the app's own actions, in the UI's language. DevTools are
 * offered only when asked for (an unpackaged run).
 */
export function menuTemplate(
  language: Language,
  actions: MenuActions,
  platform: NodeJS.Platform = process.platform,
  devTools = false,
): MenuItemConstructorOptions[] {
  const l = LABELS[language];
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: l.file,
      submenu: [
        // Shift+N: Ctrl+N already sends files, Ctrl+I and Ctrl+E open the inbox and the export.
        {
          id: 'compose',
          label: l.compose,
          accelerator: 'CmdOrCtrl+Shift+N',
          click: () => actions.navigate('compose'),
        },
        { id: 'send', label: l.send, accelerator: 'CmdOrCtrl+N', click: () => actions.navigate('send') },
        { id: 'inbox', label: l.inbox, accelerator: 'CmdOrCtrl+I', click: () => actions.navigate('inbox') },
        {
          id: 'export',
          label: l.export,
          accelerator: 'CmdOrCtrl+E',
          click: () => actions.navigate('export'),
        },
        { id: 'profiles', label: l.profiles, click: () => actions.navigate('profiles') },
        { type: 'separator' },
        { label: l.dataFolder, click: () => actions.openDataFolder() },
        { type: 'separator' },
        platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    devTools ? { role: 'viewMenu' } : { role: 'viewMenu', submenu: VIEW_WITHOUT_DEVTOOLS },
    { role: 'windowMenu' },
    { label: l.help, role: 'help', submenu: [{ label: l.docs, click: () => actions.openSdiInfo() }] },
  ];
}

const CONFIRM = {
  it: {
    message: 'Inviare questa fattura allo SDI con la chiave live del profilo «{profile}»?',
    detail: 'È un invio reale, non una prova.',
    send: 'Invia',
    cancel: 'Annulla',
  },
  en: {
    message: 'Send this invoice to SDI with the live key of profile “{profile}”?',
    detail: 'This is a real submission, not a test.',
    send: 'Send',
    cancel: 'Cancel',
  },
  de: {
    message: 'Diese Rechnung mit dem Live-Schlüssel des Profils „{profile}“ an SDI senden?',
    detail: 'Dies ist eine echte Übermittlung, kein Test.',
    send: 'Senden',
    cancel: 'Abbrechen',
  },
} satisfies Record<Language, Record<string, string>>;

/** The texts of the native "send with the live key?" dialog. */
export function liveSendConfirmation(language: Language, profile: string) {
  const c = CONFIRM[language];
  return { message: c.message.replace('{profile}', profile), detail: c.detail, buttons: [c.cancel, c.send] };
}
