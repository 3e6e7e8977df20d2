/**
 * Where the window's page comes from, and which URLs count as that page (for navigation guards and the gateway's
 * sender check).
 */
import { APP_PAGE_URL } from './app-protocol.ts';

export type RendererSource =
  /** The built renderer, served by the `app://` handler (src/main/app-protocol.ts). */
  | { kind: 'app'; url: string }
  /** `electron-vite dev`'s server, with hot reload. */
  | { kind: 'dev-server'; url: string; origin: string };

/**
 * The dev server that `electron-vite dev` names in `ELECTRON_RENDERER_URL`, only in an unpackaged run: in a
 * packaged app the variable is ignored, so nobody can point the installed app (and its gateway, which trusts the
 * page) at another site by setting it. An unusable value is ignored too, and said so.
 */
export function rendererSource(
  env: Record<string, string | undefined>,
  packaged: boolean,
  log: (message: string) => void = console.warn,
): RendererSource {
  const devUrl = env.ELECTRON_RENDERER_URL;
  if (!devUrl) return { kind: 'app', url: APP_PAGE_URL };
  if (packaged) {
    log('ELECTRON_RENDERER_URL is ignored by the packaged app');
    return { kind: 'app', url: APP_PAGE_URL };
  }
  let parsed: URL | null = null;
  try {
    parsed = new URL(devUrl);
  } catch {
    // Reported below.
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    log(`ELECTRON_RENDERER_URL is not an http(s) URL and is ignored: ${devUrl}`);
    return { kind: 'app', url: APP_PAGE_URL };
  }
  return { kind: 'dev-server', url: devUrl, origin: parsed.origin };
}

/** The app's own page: any page of the dev server's origin, else exactly `app://scambio/index.html` (any hash). */
export function isRendererUrl(source: RendererSource, url: string): boolean {
  if (source.kind === 'app') return url.split(/[?#]/)[0] === source.url;
  try {
    return new URL(url).origin === source.origin;
  } catch {
    return false;
  }
}
