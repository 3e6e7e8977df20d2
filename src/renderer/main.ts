import type { ScambioBridge } from '../preload/index.ts';

declare global {
  interface Window {
    scambio?: ScambioBridge;
  }
}

const status = document.getElementById('sandbox-status')!;
const url = await window.scambio?.sandboxBaseUrl();
status.textContent = url ? `Local sandbox: ${url}` : 'Local sandbox not available.';
document.getElementById('app')!.dataset.appState = 'loaded';
