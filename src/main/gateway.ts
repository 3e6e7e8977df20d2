import { basicAuthorization, performApiRequest, toBase64 } from '../shared/gateway/api-fetch.ts';
import {
  CHANNELS,
  LANGUAGES,
  type GatewayHandlers,
  type SaveResult,
  type Settings,
} from '../shared/gateway/channels.ts';
import type { JsonFile } from './json-file.ts';
import type { Profiles } from './profiles.ts';
import type { SecretStore } from './secret-store.ts';
import { openExternalLink, type ShellLike } from './security.ts';

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
}

export interface MainGatewayOptions {
  profiles: Profiles;
  secrets: SecretStore;
  settings: JsonFile<Settings>;
  host: GatewayHost;
  fetch?: typeof fetch;
  /** The OS language, used until the user picks one; anything but it/en/de means Italian. */
  defaultLanguage?: string;
}

/**
 * Main-process handlers for every channel. `api.request` gets the active profile's base URL and key added here;
 * nothing a handler returns carries a key.
 */
export function createMainGateway(options: MainGatewayOptions): GatewayHandlers {
  const fetchImpl = options.fetch ?? fetch;
  const readSettings = (): Settings => {
    const language = LANGUAGES.find((l) => l === options.settings.read()?.language);
    return { language: language ?? LANGUAGES.find((l) => l === options.defaultLanguage) ?? 'it' };
  };
  const save = async (suggestedName: string, data: Uint8Array): Promise<SaveResult> => {
    const path = await options.host.chooseSavePath(suggestedName);
    if (!path) return { saved: false };
    await options.host.writeFile(path, data);
    return { saved: true };
  };
  return {
    'api.request': async (request) => {
      const { baseUrl, key } = await options.profiles.activeCredentials();
      return performApiRequest(fetchImpl, baseUrl, basicAuthorization(key), request);
    },
    'settings.get': async () => readSettings(),
    'settings.set': async (patch) => {
      const language = LANGUAGES.find((l) => l === patch?.language) ?? readSettings().language;
      const next: Settings = { language };
      options.settings.write(next);
      return next;
    },
    'profiles.list': async () => options.profiles.list(),
    'profiles.select': async ({ id }) => options.profiles.select(String(id)),
    'profiles.save': (input) => options.profiles.save(input),
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
    'print.toPdf': async ({ suggestedName }) => save(suggestedName, await options.host.printToPdf()),
  };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, payload: unknown) => Promise<unknown>): void;
}
export interface IpcEventLike {
  senderFrame: { url: string } | null;
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
    const handler = handlers[channel] as (payload: unknown) => Promise<unknown>;
    ipc.handle(channel, async (event, payload) => {
      if (!event.senderFrame || !isTrustedUrl(event.senderFrame.url)) {
        throw new Error(`Refused ${channel} from an untrusted frame`);
      }
      return handler(payload ?? {});
    });
  }
}
