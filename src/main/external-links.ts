/**
 * The web pages the app itself links to, and the only ones it hands to the OS browser. A link the page asks for
 * (`window.open`, `shell.openExternal` through the gateway) is opened only when it is one of these hosts over
 * `https:`; anything else is refused and logged, so a page showing hostile content cannot launch arbitrary URLs
 * (or other URL schemes the OS would hand to some other program).
 */

/** Every external page of the app. The allowlist below is derived from these: add a link here, not a host there. */
export const EXTERNAL_LINKS = {
  /** Help menu: the official page on SDI. */
  sdiInfo: 'https://www.fatturapa.gov.it/it/sistemainterscambio/cose-il-sdi/',
} as const;

/** The hosts of {@link EXTERNAL_LINKS}: exactly these, no subdomains. */
export const EXTERNAL_LINK_HOSTS: ReadonlySet<string> = new Set(
  Object.values(EXTERNAL_LINKS).map((link) => new URL(link).hostname),
);

export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

/** The URL as it will be opened, or null when it is not an `https:` link to an allowed host on the default port. */
export function allowedExternalLink(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const plain = parsed.protocol === 'https:' && !parsed.username && !parsed.password && !parsed.port;
  return plain && EXTERNAL_LINK_HOSTS.has(parsed.hostname) ? parsed.toString() : null;
}

/** Opens an allowed link in the OS browser; refuses and logs any other. */
export async function openExternalLink(
  shell: ShellLike,
  url: unknown,
  log: (message: string) => void = console.warn,
): Promise<boolean> {
  const allowed = allowedExternalLink(url);
  if (!allowed) {
    // Only the start of it: the URL comes from the page and could be anything, of any length.
    log(`Refused to open an external link: ${String(url).slice(0, 200)}`);
    return false;
  }
  await shell.openExternal(allowed);
  return true;
}
