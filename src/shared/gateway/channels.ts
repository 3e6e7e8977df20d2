/**
 * The one gateway between the UI and whatever hosts it: channel names and payloads are defined here once, so the
 * preload, the main process and the browser implementation are checked against the same types.
 */

import { LANGUAGES, type Language } from '../language.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ApiRequest {
  method: HttpMethod;
  /** Path below the API root, e.g. `/send`; never an absolute URL (the host decides where requests go). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON-serialisable value, or a string sent as is (e.g. XML). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, text, or Base64 for binary answers (see `encoding`). */
  body: unknown;
  encoding: 'json' | 'text' | 'base64';
  /** Set when the host did not send the request because the user declined (a submission with a live key). */
  cancelled?: 'live-send';
}

export { LANGUAGES, type Language };

export interface Settings {
  language: Language;
}

export type KeyKind = 'test' | 'live';

/** What the UI may know of a profile: never its key. */
export interface ProfileView {
  id: string;
  name: string;
  kind: 'local' | 'remote';
  baseUrl: string;
  environment: KeyKind;
  hasKey: boolean;
}

export interface ProfilesView {
  activeId: string;
  profiles: ProfileView[];
}

export interface ProfileInput {
  name: string;
  baseUrl: string;
  keyKind: KeyKind;
  /** Travels UI → host once, to go into the keychain; no channel ever returns it. */
  apiKey: string;
}

export type SaveProfileResult = { ok: true; profile: ProfileView } | { ok: false; reason: string };

/** A profile's service answering `GET /status` with its key: reachable, key accepted, and what is left. */
export type ProfileCheck =
  | { ok: true; operationsLeft: number; signaturesLeft: number }
  | { ok: false; status: number | null; detail: string };

export type KeychainStatus = { available: true } | { available: false; reason: string };

export interface PickedFile {
  name: string;
  /** File content in Base64: binary-safe across IPC and HTTP alike. */
  contentBase64: string;
}

export interface SaveFileRequest {
  suggestedName: string;
  contentBase64: string;
}

export type SaveResult = { saved: true } | { saved: false };

/** An API answer streamed straight to a file the user picks (an export ZIP): never held whole by the UI. */
export interface DownloadRequest {
  request: ApiRequest;
  suggestedName: string;
  /** Chosen by the caller, echoed in `download.progress` events. */
  transferId: string;
}

export type DownloadResult =
  | { outcome: 'saved'; bytes: number }
  | { outcome: 'cancelled' }
  /** The API did not answer 200 (e.g. 204 nothing to export, 400, 429): nothing was written. */
  | { outcome: 'failed'; response: ApiResponse };

/** The screens a host may ask the UI to show (from the application menu). */
export const SCREENS = [
  'dashboard',
  // The composer (#/compose): "New invoice" in the menu.
  'compose',
  // The drafts kept, sent one by one or in a batch, and the recurring invoices that prepare them (issue 29).
  'drafts',
  'recurring',
  'send',
  'sent',
  'inbox',
  // The books (issue 28): what is owed and when, the period's VAT, last year's archive imported.
  'deadlines',
  'vat',
  'export',
  'import',
  // The registry of customers and suppliers (issue 29).
  'contacts',
  'catalogue',
  'companies',
  'log',
  'profiles',
] as const;
export type Screen = (typeof SCREENS)[number];

/**
 * A change the local sandbox pushed (`GET /_sandbox/events`): what to read again, never the data itself. `ready`
 * says the stream is (again) open: whatever changed while it was not is unknown, so everything is read again.
 */
export type LiveChange =
  | { type: 'ready' }
  | { type: 'send.state'; id: number; state: string }
  | { type: 'receive.add'; id: number }
  | { type: 'receive.read'; ids: number[] };

/** How a `live.watch` ended: the stream closed or failed (`lost`), another watch took over, or there is none. */
export type LiveWatchResult =
  | { outcome: 'lost'; status: number | null }
  | { outcome: 'replaced' }
  /** A remote profile: a real service has no push channel, the UI polls instead. */
  | { outcome: 'unavailable' };

/** Host → UI notifications. */
export interface GatewayEvents {
  'download.progress': { transferId: string; bytes: number; total: number | null };
  'app.navigate': { screen: Screen };
  'live.change': LiveChange;
}
export type EventName = keyof GatewayEvents;
const EVENT_SET: Record<EventName, true> = {
  'download.progress': true,
  'app.navigate': true,
  'live.change': true,
};
export const EVENT_NAMES = Object.keys(EVENT_SET) as EventName[];
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(EVENT_SET, name);
}
export type EventListener<E extends EventName> = (payload: GatewayEvents[E]) => void;
/** Subscribes to a host event; returns the unsubscribe function. */
export type Subscribe = <E extends EventName>(event: E, listener: EventListener<E>) => () => void;
export type Emit = <E extends EventName>(event: E, payload: GatewayEvents[E]) => void;

/** An invoice from an outside supplier, made up by the local sandbox (`POST /_sandbox/inbound` with `generate`). */
export interface SimulatedInvoiceRequest {
  toVat: string;
  format?: 'FPR12' | 'FPA12';
}

/** The local sandbox's clock (`GET /_sandbox/clock`): the time every rule of the sandbox reads. */
export interface SandboxClockState {
  /** ISO 8601 instant. */
  now: string;
  offset_seconds: number;
  frozen: boolean;
}

/**
 * The key of a profile's local invoice index (src/renderer/invoice-index): the desktop host derives it from its
 * data key and hands over the raw bytes (IPC carries no CryptoKey), which the page imports as non-extractable; a
 * browser host keeps a non-extractable CryptoKey of its own and hands over that.
 */
export type IndexKey = { raw: string } | { cryptoKey: CryptoKey };

/** The outcome the sandbox console forced for the next submission from the app (see next-outcome.ts). */
export interface NextOutcomeState {
  /** The `Sandbox-Scenario` value the next submission will carry, e.g. `scarto=00404`; null: SDI decides. */
  scenario: string | null;
  /** The last submission a scenario went with (its Send id, when the answer had one). */
  applied: { scenario: string; sendId: number | null } | null;
}

/** Every channel: its request payload and its answer. */
export interface GatewayChannels {
  'api.request': { request: ApiRequest; response: ApiResponse };
  'settings.get': { request: void; response: Settings };
  'settings.set': { request: Partial<Settings>; response: Settings };
  'profiles.list': { request: void; response: ProfilesView };
  'profiles.select': { request: { id: string }; response: ProfilesView };
  'profiles.save': { request: ProfileInput; response: SaveProfileResult };
  'profiles.remove': { request: { id: string }; response: ProfilesView };
  'profiles.check': { request: { id: string }; response: ProfileCheck };
  'keychain.status': { request: void; response: KeychainStatus };
  'shell.openExternal': { request: { url: string }; response: void };
  'dialog.pickFiles': { request: { extensions?: string[] }; response: PickedFile[] };
  'dialog.saveFile': { request: SaveFileRequest; response: SaveResult };
  'dialog.saveDownload': { request: DownloadRequest; response: DownloadResult };
  'print.toPdf': { request: { suggestedName: string }; response: SaveResult };
  /** Local sandbox only: refused while a remote profile is active (a real service has no such control). */
  'sandbox.receiveInvoice': { request: SimulatedInvoiceRequest; response: ApiResponse };
  /** Local sandbox only, like `sandbox.receiveInvoice`: the sandbox clock, as `GET /_sandbox/clock` answers. */
  'sandbox.clock': { request: void; response: ApiResponse };
  /**
   * Local sandbox only: follows its push channel, emitting `live.change` events, until it ends; a new watch
   * ends the one before (one per window).
   */
  'live.watch': { request: void; response: LiveWatchResult };
  /**
   * Local sandbox only, like `sandbox.receiveInvoice`: any call of its control API (`path` below `/_sandbox`), for
   * the sandbox console.
   */
  'sandbox.control': { request: ApiRequest; response: ApiResponse };
  /** Local sandbox only: the outcome armed for the next submission from the app. */
  'sandbox.nextOutcome': { request: void; response: NextOutcomeState };
  /** Local sandbox only: arms a `Sandbox-Scenario` for the next submission from the app, or disarms it (null). */
  'sandbox.setNextOutcome': { request: { scenario: string | null }; response: NextOutcomeState };
  /** The key that seals this profile's local invoice index (`raw`: Base64 of 32 bytes). */
  'index.key': { request: { profileId: string }; response: IndexKey };
}

export type Channel = keyof GatewayChannels;
export type RequestOf<C extends Channel> = GatewayChannels[C]['request'];
export type ResponseOf<C extends Channel> = GatewayChannels[C]['response'];

/** A record with exactly one entry per channel makes forgetting one a compile error, here and in each host. */
const CHANNEL_SET: Record<Channel, true> = {
  'api.request': true,
  'settings.get': true,
  'settings.set': true,
  'profiles.list': true,
  'profiles.select': true,
  'profiles.save': true,
  'profiles.remove': true,
  'profiles.check': true,
  'keychain.status': true,
  'shell.openExternal': true,
  'dialog.pickFiles': true,
  'dialog.saveFile': true,
  'dialog.saveDownload': true,
  'print.toPdf': true,
  'sandbox.receiveInvoice': true,
  'sandbox.clock': true,
  'live.watch': true,
  'sandbox.control': true,
  'sandbox.nextOutcome': true,
  'sandbox.setNextOutcome': true,
  'index.key': true,
};
export const CHANNELS = Object.keys(CHANNEL_SET) as Channel[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(CHANNEL_SET, name);
}

export type Invoke = <C extends Channel>(channel: C, payload: RequestOf<C>) => Promise<ResponseOf<C>>;

type Domain<C extends string> = C extends `${infer D}.${string}` ? D : never;

/** `window.scambio`: one object per domain, e.g. `scambio.api.request(...)`, `scambio.settings.get()`. */
export type Gateway = ChannelGateway & { events: { on: Subscribe } };

type ChannelGateway = {
  [D in Domain<Channel>]: {
    [C in Channel as C extends `${D}.${infer M}` ? M : never]: RequestOf<C> extends void
      ? () => Promise<ResponseOf<C>>
      : (payload: RequestOf<C>) => Promise<ResponseOf<C>>;
  };
};

/** Builds the domain-shaped gateway over one transport; hosts only supply `invoke` and `subscribe`. */
export function buildGateway(invoke: Invoke, subscribe: Subscribe): Gateway {
  const gateway: Record<string, Record<string, (payload?: unknown) => Promise<unknown>>> = {};
  for (const channel of CHANNELS) {
    const [domain, method] = channel.split('.') as [string, string];
    gateway[domain] ??= {};
    gateway[domain][method] = (payload?: unknown) => invoke(channel, payload as never);
  }
  const events = Object.freeze({
    on: ((event, listener) => {
      if (!isEventName(event)) throw new Error(`Unknown gateway event: ${String(event)}`);
      return subscribe(event, listener);
    }) as Subscribe,
  });
  return Object.freeze({ ...gateway, events }) as unknown as Gateway;
}

/** What a handler may do besides answering: notify the UI that called it. */
export interface HandlerContext {
  emit: Emit;
}

/** Host side: one handler per channel, with its payload as received (to be checked: it crossed a boundary). */
export type GatewayHandlers = {
  [C in Channel]: (payload: RequestOf<C>, context: HandlerContext) => Promise<ResponseOf<C>>;
};
