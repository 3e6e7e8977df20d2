import type { LogEvent } from '../../shared/api/types.ts';

/** The environment variable the command reads the key from: a copied command never carries a key. */
export const KEY_VARIABLE = 'SCAMBIO_KEY';

/** What the log does not keep, so the command asks for it: a file to send as the request's body. */
export type BodyPlaceholder = { kind: 'xml' | 'file' | 'json'; fileName: string } | null;

/**
 * The body a call like this one sends, as the endpoint expects it: the log keeps the method, path and query of
 * a call, never its request body, so a command repeating a submission reads the body from a file.
 */
export function bodyPlaceholder(method: string, endpoint: string): BodyPlaceholder {
  if (method !== 'POST' && method !== 'PUT') return null;
  if (/\/xml\/?$/.test(endpoint)) return { kind: 'xml', fileName: 'invoice.xml' };
  if (/\/file\/?$/.test(endpoint)) return { kind: 'file', fileName: 'invoice.xml' };
  return { kind: 'json', fileName: 'body.json' };
}

/** A word for a POSIX shell, in single quotes (nothing inside is expanded). */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * `curl` repeating a logged call against the service at `apiBase` (the profile's API root, e.g.
 * `http://127.0.0.1:8780/v1`), with the key taken from `$SCAMBIO_KEY`. The logged endpoint is the full path
 * (`/v1/send`, `/_sandbox/clock`), so only the origin of `apiBase` is used.
 */
export function curlCommand(entry: Pick<LogEvent, 'method' | 'endpoint' | 'query'>, apiBase: string): string {
  const url = `${new URL(apiBase).origin}${entry.endpoint}${entry.query ? `?${entry.query}` : ''}`;
  const parts = ['curl -i'];
  if (entry.method !== 'GET') parts.push(`-X ${entry.method}`);
  parts.push(`-u "$${KEY_VARIABLE}:"`);
  const body = bodyPlaceholder(entry.method, entry.endpoint);
  if (body?.kind === 'xml') parts.push(`-H 'Content-Type: application/xml' --data-binary @${body.fileName}`);
  if (body?.kind === 'file') parts.push(`-F file=@${body.fileName}`);
  if (body?.kind === 'json')
    parts.push(`-H 'Content-Type: application/json' --data-binary @${body.fileName}`);
  parts.push(shellQuote(url));
  return parts.join(' ');
}
