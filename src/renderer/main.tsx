import '@mantine/core/styles.css';
import './shell/print.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHttpGateway } from './gateway/http-gateway.ts';
import type { Gateway } from '../shared/gateway/channels.ts';
import { App } from './app.tsx';
import { GatewayContext } from './gateway/gateway-context.ts';
import { initI18n } from './locales/i18n.ts';
import { ThemeProvider } from './shell/theme.tsx';
import { withLanguage } from './gateway/language-gateway.ts';

declare global {
  interface Window {
    /** Set by the Electron preload; absent when the headless sandbox serves this page to a browser. */
    scambio?: Gateway;
  }
}

/** In Electron, the preload's IPC gateway; in a browser, the HTTP one with the session the server put in the page. */
function pickGateway(): Gateway {
  if (window.scambio) return window.scambio;
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const sessionKey = meta('scambio-session');
  if (!sessionKey)
    throw new Error('No gateway: open this page from the app or from `npm run sandbox` (/app/).');
  return createHttpGateway({
    apiBase: meta('scambio-api') ?? '/v1',
    sessionKey,
    storage: window.localStorage,
  });
}

const root = document.getElementById('root')!;
const host = pickGateway();
const settings = await host.settings.get();
document.documentElement.lang = settings.language;
const i18n = await initI18n(settings.language);
const gateway = withLanguage(host, () => i18n.language);
const markLoaded = () => (root.dataset.appState = 'loaded');

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <GatewayContext.Provider value={gateway}>
        <App onLoaded={markLoaded} />
      </GatewayContext.Provider>
    </ThemeProvider>
  </StrictMode>,
);
