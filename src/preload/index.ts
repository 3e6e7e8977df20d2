import { contextBridge, ipcRenderer } from 'electron';

/** The only surface the renderer sees; it grows into the typed gateway of the desktop issue. */
const scambio = {
  sandboxBaseUrl: (): Promise<string | null> => ipcRenderer.invoke('sandbox:base-url'),
};

contextBridge.exposeInMainWorld('scambio', scambio);

export type ScambioBridge = typeof scambio;
