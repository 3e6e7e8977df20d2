import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebHook } from '../../shared/api/types.ts';
import { SIGNATURE_HEADER, verifyServiceSignature } from '../../shared/api/webhook-signature.ts';
import { DELIVERY_TIMEOUT_MS } from '../domain/webhooks.ts';
import { postSigned } from '../webhook-tools/signed-post.ts';

/** What the webhook is called, so a person listing webhooks knows where it comes from. */
export const LISTEN_DESCRIPTION = 'scambio-sandbox listen';
/** The tolerance the contract suggests for a signature's timestamp. */
const TOLERANCE_SECONDS = 300;
/** Notifications are a few hundred bytes; a call far larger is not one. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface ListenOptions {
  /** The sandbox: its origin, or its API base (`…/v1`), as `serve --json` prints them. */
  api: string;
  key: string;
  forwardTo: string;
  /** Only these events; null for all. */
  events: string[] | null;
  /** One line a forward, and the ready line: standard output. */
  out: (line: string) => void;
  /** Messages a person reads: standard error. */
  err: (line: string) => void;
}

function apiBase(api: string): string {
  const trimmed = api.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

function eventOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { event?: unknown };
    return typeof parsed.event === 'string' ? parsed.event : '?';
  } catch {
    return '?';
  }
}

/**
 * `scambio-sandbox listen --forward-to URL` (docs/webhooks.md "Forward"): registers a temporary webhook on a
 * running sandbox pointing at a loopback listener of this process, prints its signing secret, and forwards each
 * signed delivery to the developer's URL, signed anew with that secret, answering the sandbox with the URL's
 * status (so a failing URL gets the sandbox's retries, as a deployed receiver would). On SIGINT or SIGTERM it
 * deletes the webhook and exits 0. A temporary webhook rather than the live-events stream: that stream carries
 * UI hints, not the notification bodies a receiver gets, and a webhook makes the forwarded calls the real ones.
 */
export async function listenCommand(options: ListenOptions): Promise<number> {
  const base = apiBase(options.api);
  const auth = `Basic ${Buffer.from(`${options.key}:`).toString('base64')}`;
  const path = `/scambio-listen/${randomBytes(12).toString('base64url')}`;
  let secret = '';

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const body = req.method === 'POST' && req.url === path ? await readBody(req) : null;
    if (body === null) {
      req.resume();
      res.writeHead(404).end();
      return;
    }
    const header = req.headers[SIGNATURE_HEADER.toLowerCase()];
    if (
      !(await verifyServiceSignature(
        typeof header === 'string' ? header : null,
        body,
        secret,
        TOLERANCE_SECONDS,
      ))
    ) {
      options.err(`Refused a call without a valid ${SIGNATURE_HEADER}: not from the sandbox.`);
      res.writeHead(401).end();
      return;
    }
    const answer = await postSigned({
      url: options.forwardTo,
      body,
      secret,
      signedAt: Math.floor(Date.now() / 1000),
      timeoutMs: DELIVERY_TIMEOUT_MS,
    });
    const outcome = answer.status === 0 ? `failed: ${answer.text}` : String(answer.status);
    options.out(`--> ${eventOf(body)} [${outcome}]`);
    // The sandbox sees what the developer's URL answered; no answer is a bad gateway (and a retry later).
    res.writeHead(answer.status === 0 ? 502 : answer.status, { 'content-type': 'text/plain' });
    res.end(answer.text);
  };

  const server: Server = createServer((req, res) => void forward(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  let webhook: WebHook;
  try {
    const created = await fetch(`${base}/webhook`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: options.events, description: LISTEN_DESCRIPTION }),
    });
    const answer = (await created.json().catch(() => ({}))) as WebHook & { detail?: string };
    if (created.status !== 201) {
      options.err(`The sandbox refused the webhook (${created.status}): ${answer.detail ?? ''}`.trim());
      await closeServer();
      return 1;
    }
    webhook = answer;
    secret = answer.secret!;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    options.err(`No sandbox answers at ${base}: ${cause ?? (error as Error).message}`);
    await closeServer();
    return 1;
  }

  options.out(
    `Ready! Forwarding ${options.events?.join(', ') ?? 'every event'} to ${options.forwardTo}. Signing secret: ${secret}`,
  );
  options.err('Press Ctrl+C to stop; the temporary webhook is deleted then.');

  return new Promise<number>((resolve) => {
    const stop = async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      let code = 0;
      try {
        const deleted = await fetch(`${base}/webhook/${webhook.id}`, {
          method: 'DELETE',
          headers: { authorization: auth },
          signal: AbortSignal.timeout(5000),
        });
        if (deleted.ok || deleted.status === 404) options.err(`Stopped; webhook ${webhook.id} deleted.`);
        else {
          options.err(`Stopped, but webhook ${webhook.id} could not be deleted (${deleted.status}).`);
          code = 1;
        }
      } catch {
        options.err(`Stopped, but the sandbox did not answer: delete webhook ${webhook.id} yourself.`);
        code = 1;
      }
      await closeServer();
      resolve(code);
    };
    const onSignal = () => void stop();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
}

/** The command line's options as ListenOptions, or what is wrong with them in one line. */
export function parseListenOptions(
  values: { 'forward-to'?: string; api?: string; key?: string; events?: string },
  defaultApi: string,
): ListenOptions | string {
  const forwardTo = values['forward-to'];
  if (!forwardTo || !URL.canParse(forwardTo) || !/^https?:$/.test(new URL(forwardTo).protocol))
    return 'listen needs --forward-to with an http:// or https:// URL';
  const api = values.api ?? defaultApi;
  if (!URL.canParse(api)) return `invalid --api ${api}`;
  const key = values.key ?? (process.env.SCAMBIO_SANDBOX_KEY || undefined);
  if (!key) return 'listen needs --key (or $SCAMBIO_SANDBOX_KEY): a sandbox API key of the account';
  const events =
    values.events
      ?.split(',')
      .map((e) => e.trim())
      .filter(Boolean) ?? [];
  return {
    api,
    key,
    forwardTo,
    events: events.length > 0 ? events : null,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
}
