import type { BrowserContext, Page } from 'playwright-core';
import { CHANNELS, type GatewayHandlers } from '../../../src/shared/gateway/channels.ts';

/**
 * The desktop app's wiring without Electron: the page gets a `window.scambio` shaped like the preload's, whose
 * calls go to the real main-process handlers in this test process (Playwright's binding stands in for IPC, the
 * one part replaced), and whose events come back the same way. So the renderer runs its desktop paths — remote
 * profiles, the keychain, the live-send confirmation — against the real main gateway and the real sandbox.
 */
export async function bridgeDesktopGateway(
  context: BrowserContext,
  handlers: GatewayHandlers,
): Promise<void> {
  const pages = new Set<Page>();
  context.on('page', (page) => {
    pages.add(page);
    page.on('close', () => pages.delete(page));
  });
  await context.exposeFunction('__scambioInvoke', async (channel: string, payload: unknown) => {
    const handler = handlers[channel as keyof GatewayHandlers] as
      | ((payload: unknown, context: { emit: (name: string, body: unknown) => void }) => Promise<unknown>)
      | undefined;
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(payload ?? {}, {
      emit: (name, body) => {
        for (const page of pages) {
          // Like the main process (it checks isDestroyed), events for a page that is going away are dropped.
          page
            .evaluate(`window.__scambioEmit(${JSON.stringify(name)}, ${JSON.stringify(body)})`)
            .catch(() => undefined);
        }
      },
    });
  });
  // A string, not a function: the page must get plain script, whatever the test transform adds to functions.
  await context.addInitScript(`(() => {
    const listeners = {};
    window.__scambioEmit = (name, payload) => (listeners[name] || []).forEach((listener) => listener(payload));
    const gateway = {};
    for (const channel of ${JSON.stringify(CHANNELS)}) {
      const [domain, method] = channel.split('.');
      gateway[domain] = gateway[domain] || {};
      gateway[domain][method] = (payload) => window.__scambioInvoke(channel, payload === undefined ? null : payload);
    }
    gateway.events = {
      on: (name, listener) => {
        (listeners[name] = listeners[name] || []).push(listener);
        return () => { listeners[name] = listeners[name].filter((l) => l !== listener); };
      },
    };
    window.scambio = gateway;
  })();`);
}
