import {
  basicAuthorization,
  fetchApi,
  isSubmission,
  performApiRequest,
  sandboxControlBase,
  simulatedInvoiceRequest,
  streamApiDownload,
  toBase64,
} from '../shared/gateway/api-fetch.ts';
import { followLiveEvents, liveWatcher } from '../shared/gateway/live-stream.ts';
import { nextOutcomeSlot } from '../shared/gateway/next-outcome.ts';
import {
  CHANNELS,
  LANGUAGES,
  type ApiRequest,
  type Emit,
  type GatewayHandlers,
  type HandlerContext,
  type SaveResult,
  type Settings,
} from '../shared/gateway/channels.ts';
import { checkStatus } from '../shared/gateway/profile-check.ts';
import { DESKTOP_USER_AGENT } from '../shared/api/log-view.ts';
import { indexKeyOf } from './index-key.ts';
import type { JsonFile } from './json-file.ts';
import { openedOnFirstWrite, openPartialFile, type PartialFile } from './partial-file.ts';
import { LOCAL_PROFILE_ID, type Profiles } from './profiles.ts';
import type { SecretStore } from './secret-store.ts';
import { openExternalLink, type ShellLike } from './external-links.ts';

/** The Electron pieces the gateway uses, passed in so tests can hand over fakes. */
export interface GatewayHost {
  shell: ShellLike;
  /** Paths the user picked, or none if they cancelled. */
  pickFiles(extensions: string[] | undefined): Promise<string[]>;
  /** Where the user wants a file saved, or null if they cancelled. */
  chooseSavePath(suggestedName: string): Promise<string | null>;
  printToPdf(): Promise<Uint8Array>;
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** Asks the user (a native dialog) whether to really submit an invoice with a live key. */
  confirmLiveSend(request: ApiRequest, profileName: string): Promise<boolean>;
}

export interface MainGatewayOptions {
  profiles: Profiles;
  secrets: SecretStore;
  settings: JsonFile<Settings>;
  host: GatewayHost;
  fetch?: typeof fetch;
  /** The OS language, used until the user picks one; anything but it/en/de means Italian. */
  defaultLanguage?: string;
  openFile?: (path: string) => Promise<PartialFile>;
  /** Called after the UI changed a setting (the host relabels its menu in the new language). */
  onSettingsChanged?: (settings: Settings) => void;
  /** The data key the invoice indexes' keys derive from (see index-key.ts); null or absent: none yet. */
  indexRootKey?: () => Buffer | null;
}

/** The saved settings, with the OS language until the user picks one; anything but it/en/de means Italian. */
export function storedSettings(file: JsonFile<Settings>, defaultLanguage?: string): Settings {
  const language = LANGUAGES.find((l) => l === file.read()?.language);
  return { language: language ?? LANGUAGES.find((l) => l === defaultLanguage) ?? 'it' };
}

/**
 * Main-process handlers for every channel. `api.request` gets the active profile's base URL and key added here;
 * nothing a handler returns carries a key.
 */
export function createMainGateway(options: MainGatewayOptions): GatewayHandlers {
  // Every call the app makes carries its own user agent: the API log tells them from a developer's code by it.
  const fetchImpl = withUserAgent(options.fetch ?? fetch, DESKTOP_USER_AGENT);
  const readSettings = () => storedSettings(options.settings, options.defaultLanguage);
  const save = async (suggestedName: string, data: Uint8Array): Promise<SaveResult> => {
    const path = await options.host.chooseSavePath(suggestedName);
    if (!path) return { saved: false };
    await options.host.writeFile(path, data);
    return { saved: true };
  };
  const openFile = options.openFile ?? openPartialFile;
  const watch = liveWatcher();
  const nextOutcome = nextOutcomeSlot();
  const isLocal = () => options.profiles.list().activeId === LOCAL_PROFILE_ID;
  /** The sandbox console's channels: a real service has no such control, so a remote profile is refused. */
  const requireLocal = () => {
    if (!isLocal()) throw new Error('Only the local sandbox has a sandbox console.');
  };
  return {
    'api.request': async (request) => {
      const { baseUrl, key, environment } = await options.profiles.activeCredentials();
      // Enforced here, not in the page: whatever the renderer does, a live submission needs the user's yes.
      if (environment === 'live' && isSubmission(request)) {
        const view = options.profiles.list();
        const name = view.profiles.find((p) => p.id === view.activeId)?.name ?? '';
        if (!(await options.host.confirmLiveSend(request, name))) {
          return { status: 0, headers: {}, body: null, encoding: 'json', cancelled: 'live-send' };
        }
      }
      const perform = (r: ApiRequest) => performApiRequest(fetchImpl, baseUrl, basicAuthorization(key), r);
      // The console's forced outcome goes with the next submission to the local sandbox only.
      return isLocal() ? nextOutcome.around(request, perform) : perform(request);
    },
    'settings.get': async () => readSettings(),
    'settings.set': async (patch) => {
      const language = LANGUAGES.find((l) => l === patch?.language) ?? readSettings().language;
      const next: Settings = { language };
      options.settings.write(next);
      options.onSettingsChanged?.(next);
      return next;
    },
    'profiles.list': async () => options.profiles.list(),
    'profiles.select': async ({ id }) => options.profiles.select(String(id)),
    'profiles.save': (input) => options.profiles.save(input),
    'profiles.remove': ({ id }) => options.profiles.remove(String(id)),
    'profiles.check': async ({ id }) => {
      try {
        const { baseUrl, key } = await options.profiles.credentialsOf(String(id));
        return checkStatus(
          await performApiRequest(fetchImpl, baseUrl, basicAuthorization(key), {
            method: 'GET',
            path: '/status',
          }),
        );
      } catch (error) {
        return { ok: false, status: null, detail: error instanceof Error ? error.message : String(error) };
      }
    },
    'keychain.status': async () => options.secrets.status(),
    'shell.openExternal': async ({ url }) => {
      if (!(await openExternalLink(options.host.shell, url)))
        throw new Error(`Refused external link: ${url}`);
    },
    'dialog.pickFiles': async ({ extensions }) => {
      const paths = await options.host.pickFiles(extensions);
      return Promise.all(
        paths.map(async (path) => ({
          name: path.split(/[\\/]/).pop()!,
          contentBase64: toBase64(await options.host.readFile(path)),
        })),
      );
    },
    'dialog.saveFile': ({ suggestedName, contentBase64 }) =>
      save(
        suggestedName,
        Uint8Array.from(atob(contentBase64), (c) => c.charCodeAt(0)),
      ),
    'dialog.saveDownload': async ({ request, suggestedName, transferId }, { emit }) => {
      if (request?.method !== 'GET') throw new Error('Downloads are GET requests');
      const path = await options.host.chooseSavePath(suggestedName);
      if (!path) return { outcome: 'cancelled' };
      const { baseUrl, key } = await options.profiles.activeCredentials();
      const response = await fetchApi(fetchImpl, baseUrl, basicAuthorization(key), request);
      // The file is opened on the first byte of a 200: a refused export leaves nothing on disk.
      const file = openedOnFirstWrite(() => openFile(path));
      try {
        const result = await streamApiDownload(
          response,
          (chunk) => file.write(chunk),
          (bytes, total) => emit('download.progress', { transferId, bytes, total }),
        );
        if (!result.ok) return { outcome: 'failed', response: result.response };
        await file.commit();
        return { outcome: 'saved', bytes: result.bytes };
      } catch (error) {
        await file.abort();
        throw error;
      }
    },
    'print.toPdf': async ({ suggestedName }) => save(suggestedName, await options.host.printToPdf()),
    'sandbox.receiveInvoice': async ({ toVat, format }) => {
      if (options.profiles.list().activeId !== LOCAL_PROFILE_ID) {
        throw new Error('Only the local sandbox can simulate an incoming invoice.');
      }
      const { baseUrl, key } = await options.profiles.activeCredentials();
      const request = simulatedInvoiceRequest(toVat, format === 'FPA12' ? 'FPA12' : 'FPR12');
      return performApiRequest(fetchImpl, sandboxControlBase(baseUrl), basicAuthorization(key), request);
    },
    'live.watch': async (_payload, { emit }) => {
      // A remote profile has no push channel; a watch of the local sandbox before the switch ends here.
      if (options.profiles.list().activeId !== LOCAL_PROFILE_ID)
        return watch(async () => ({ outcome: 'unavailable' }));
      const { baseUrl, key } = await options.profiles.activeCredentials();
      return watch((signal) => followLiveEvents(fetchImpl, baseUrl, basicAuthorization(key), emit, signal));
    },
    'index.key': async ({ profileId }) => {
      const id = String(profileId);
      if (!options.profiles.list().profiles.some((p) => p.id === id)) throw new Error(`No profile ${id}`);
      const root = options.indexRootKey?.() ?? null;
      if (!root) throw new Error('No data key yet: the invoice index stays in memory.');
      return { raw: indexKeyOf(root, id).toString('base64') };
    },
    'sandbox.control': async (request) => {
      requireLocal();
      const { baseUrl, key } = await options.profiles.activeCredentials();
      return performApiRequest(fetchImpl, sandboxControlBase(baseUrl), basicAuthorization(key), request);
    },
    'sandbox.nextOutcome': async () => {
      requireLocal();
      return nextOutcome.state();
    },
    'sandbox.setNextOutcome': async ({ scenario }) => {
      requireLocal();
      return nextOutcome.set(scenario);
    },
    'sandbox.clock': async () => {
      if (options.profiles.list().activeId !== LOCAL_PROFILE_ID) {
        throw new Error('Only the local sandbox has a sandbox clock.');
      }
      const { baseUrl, key } = await options.profiles.activeCredentials();
      return performApiRequest(fetchImpl, sandboxControlBase(baseUrl), basicAuthorization(key), {
        method: 'GET',
        path: '/clock',
      });
    },
  };
}

/** `fetch` with `user-agent` set on every request (Node's own would say `node`, like any script's). */
function withUserAgent(fetchImpl: typeof fetch, userAgent: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('user-agent', userAgent);
    return fetchImpl(input, { ...init, headers });
  };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, payload: unknown) => Promise<unknown>): void;
}
export interface IpcEventLike {
  senderFrame: { url: string } | null;
  sender: { send(channel: string, payload: unknown): void; isDestroyed?(): boolean };
}

/**
 * Registers exactly the shared channels, and only answers frames showing the app's own page: an unregistered
 * channel is refused by Electron itself, an unexpected sender by this check.
 */
export function registerGateway(
  ipc: IpcMainLike,
  handlers: GatewayHandlers,
  isTrustedUrl: (url: string) => boolean,
): void {
  for (const channel of CHANNELS) {
    const handler = handlers[channel] as (payload: unknown, context: HandlerContext) => Promise<unknown>;
    ipc.handle(channel, async (event, payload) => {
      if (!event.senderFrame || !isTrustedUrl(event.senderFrame.url)) {
        throw new Error(`Refused ${channel} from an untrusted frame`);
      }
      // Events go back to the page that asked, and only while it exists.
      const emit: Emit = (name, body) => {
        if (!event.sender.isDestroyed?.()) event.sender.send(name, body);
      };
      return handler(payload ?? {}, { emit });
    });
  }
}
