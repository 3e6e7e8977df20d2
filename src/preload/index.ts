import { contextBridge, ipcRenderer } from 'electron';
import { createIpcGateway } from './bridge.ts';

// Nothing but the gateway: no ipcRenderer, no Node, no generic "send any channel" function.
contextBridge.exposeInMainWorld(
  'scambio',
  createIpcGateway({
    invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
    on: (channel, listener) => void ipcRenderer.on(channel, listener),
    removeListener: (channel, listener) => void ipcRenderer.removeListener(channel, listener),
  }),
);
