/**
 * The gateway for the UI served by the headless sandbox at `/app/`: same interface as the desktop preload, but
 * limited to the local sandbox (a browser never holds a live key) and to what a web page can do.
 */
import {
  basicAuthorization,
  fetchApi,
  performApiRequest,
  sandboxControlBase,
  simulatedInvoiceRequest,
  streamApiDownload,
  toBase64,
} from '../../shared/gateway/api-fetch.ts';
import { deviceIndexKey } from '../invoice-index/device-key.ts';
import { localEvents } from '../../shared/gateway/local-events.ts';
import { followLiveEvents, liveWatcher } from '../../shared/gateway/live-stream.ts';
import { nextOutcomeSlot } from '../../shared/gateway/next-outcome.ts';
import { checkStatus } from '../../shared/gateway/profile-check.ts';
import {
  LANGUAGES,
  buildGateway,
  isChannel,
  type Gateway,
  type GatewayHandlers,
  type HandlerContext,
  type Invoke,
  type Language,
  type ProfilesView,
  type Settings,
} from '../../shared/gateway/channels.ts';

export interface HttpGatewayOptions {
  /** API root on this origin, e.g. `/v1`. */
  apiBase: string;
  /** The sandbox session key the server put in the page (see docs/desktop.md). */
  sessionKey: string;
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  defaultLanguage?: Language;
}

const SETTINGS_KEY = 'scambio.settings';
const LOCAL_PROFILE_ID = 'local';

export function createHttpGateway(options: HttpGatewayOptions): Gateway {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const origin = globalThis.location?.origin ?? 'http://127.0.0.1';
  const baseUrl = new URL(options.apiBase, origin).toString();
  const readSettings = (): Settings => {
    const fallback: Settings = { language: options.defaultLanguage ?? 'it' };
    try {
      const stored = JSON.parse(options.storage?.getItem(SETTINGS_KEY) ?? 'null') as Partial<Settings> | null;
      const language = LANGUAGES.find((l) => l === stored?.language);
      return { language: language ?? fallback.language };
    } catch {
      return fallback;
    }
  };
  const profiles = (): ProfilesView => ({
    activeId: LOCAL_PROFILE_ID,
    profiles: [
      {
        id: LOCAL_PROFILE_ID,
        name: 'Local sandbox',
        kind: 'local',
        baseUrl,
        environment: 'test',
        hasKey: true,
      },
    ],
  });
  const events = localEvents();
  const authorization = basicAuthorization(options.sessionKey);
  const watch = liveWatcher();
  // Kept for the page's life: a reload forgets a forced outcome, and the console then shows none.
  const nextOutcome = nextOutcomeSlot();
  const handlers: GatewayHandlers = {
    'api.request': (request) =>
      nextOutcome.around(request, (r) => performApiRequest(fetchImpl, baseUrl, authorization, r)),
    'settings.get': async () => readSettings(),
    'settings.set': async (patch) => {
      const language = LANGUAGES.find((l) => l === patch.language) ?? readSettings().language;
      const next: Settings = { language };
      options.storage?.setItem(SETTINGS_KEY, JSON.stringify(next));
      return next;
    },
    'profiles.list': async () => profiles(),
    'profiles.select': async () => profiles(),
    'profiles.save': async () => ({ ok: false, reason: 'browser' }),
    'profiles.remove': async () => profiles(),
    'profiles.check': async () =>
      checkStatus(
        await performApiRequest(fetchImpl, baseUrl, authorization, { method: 'GET', path: '/status' }),
      ),
    'keychain.status': async () => ({ available: false, reason: 'browser' }),
    'shell.openExternal': async ({ url }) => {
      if (/^https:\/\//.test(url)) globalThis.open?.(url, '_blank', 'noopener,noreferrer');
    },
    'dialog.pickFiles': ({ extensions }) => pickFiles(extensions),
    'dialog.saveFile': async ({ suggestedName, contentBase64 }) => {
      const bytes = Uint8Array.from(atob(contentBase64), (c) => c.charCodeAt(0));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([bytes]));
      link.download = suggestedName;
      link.click();
      URL.revokeObjectURL(link.href);
      return { saved: true };
    },
    'dialog.saveDownload': async ({ request, suggestedName, transferId }, { emit }) => {
      // A page cannot stream to a file the user picks; it collects the bytes and hands the browser one Blob. They
      // are folded into a Blob every megabyte as they come, so the page never copies the whole file in one frame.
      const parts: Blob[] = [];
      let pending: Uint8Array<ArrayBuffer>[] = [];
      let pendingBytes = 0;
      const fold = () => {
        if (pending.length > 0) parts.push(new Blob(pending));
        pending = [];
        pendingBytes = 0;
      };
      const result = await streamApiDownload(
        await fetchApi(fetchImpl, baseUrl, authorization, request),
        (chunk) => {
          pending.push(chunk as Uint8Array<ArrayBuffer>);
          pendingBytes += chunk.byteLength;
          if (pendingBytes >= 1024 * 1024) fold();
        },
        (bytes, total) => emit('download.progress', { transferId, bytes, total }),
      );
      fold();
      if (!result.ok) return { outcome: 'failed', response: result.response };
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(parts));
      link.download = suggestedName;
      link.click();
      URL.revokeObjectURL(link.href);
      return { outcome: 'saved', bytes: result.bytes };
    },
    'sandbox.receiveInvoice': ({ toVat, format }) =>
      performApiRequest(
        fetchImpl,
        sandboxControlBase(baseUrl),
        authorization,
        simulatedInvoiceRequest(toVat, format === 'FPA12' ? 'FPA12' : 'FPR12'),
      ),
    'sandbox.clock': () =>
      performApiRequest(fetchImpl, sandboxControlBase(baseUrl), authorization, {
        method: 'GET',
        path: '/clock',
      }),
    'sandbox.control': (request) =>
      performApiRequest(fetchImpl, sandboxControlBase(baseUrl), authorization, request),
    'sandbox.nextOutcome': async () => nextOutcome.state(),
    'sandbox.setNextOutcome': async ({ scenario }) => nextOutcome.set(scenario),
    'live.watch': (_payload, { emit }) =>
      watch((signal) => followLiveEvents(fetchImpl, baseUrl, authorization, emit, signal)),
    'index.key': async ({ profileId }) => ({ cryptoKey: await deviceIndexKey(String(profileId)) }),
    'print.toPdf': async () => {
      // A page cannot write a PDF itself; the browser's print dialog offers "Save as PDF".
      globalThis.print?.();
      return { saved: false };
    },
  };
  const invoke: Invoke = (channel, payload) => {
    if (!isChannel(channel)) return Promise.reject(new Error(`Unknown gateway channel: ${String(channel)}`));
    return (handlers[channel] as (p: typeof payload, c: HandlerContext) => Promise<never>)(payload, {
      emit: events.emit,
    });
  };
  return buildGateway(invoke, events.subscribe);
}

function pickFiles(extensions: string[] | undefined): Promise<{ name: string; contentBase64: string }[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    if (extensions?.length) input.accept = extensions.map((e) => `.${e}`).join(',');
    input.addEventListener('change', async () => {
      const files = [...(input.files ?? [])];
      resolve(
        await Promise.all(
          files.map(async (f) => ({
            name: f.name,
            contentBase64: toBase64(new Uint8Array(await f.arrayBuffer())),
          })),
        ),
      );
    });
    input.addEventListener('cancel', () => resolve([]));
    input.click();
  });
}
