import { randomUUID } from 'node:crypto';
import { maxHeaderSize, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { ProblemDetails } from '../../shared/api/types.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, translator, type Language } from '../i18n/translator.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { PROBLEM_MEDIA_TYPE } from './problem.ts';

/** The request line and all headers together: Node's `maxHeaderSize` (16 KiB unless `--max-http-header-size`). */
export const MAX_HEADER_BYTES = maxHeaderSize;
/** After the answer, how long the rest of a broken request may keep arriving (and be discarded) before the socket closes. */
const LINGER_MS = 5_000;

interface ClientError extends Error {
  code?: string;
  /** The bytes Node was parsing when it gave up: for an oversized head, the request line and headers so far. */
  rawPacket?: Buffer;
}

const ANSWERS: Record<
  string,
  { status: number; reason: string; slug: string; title: MessageKey; detail: MessageKey }
> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    slug: 'headers-too-large',
    title: 'title.headers-too-large',
    detail: 'request.headersTooLarge',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    slug: 'timeout',
    title: 'title.timeout',
    detail: 'request.timeout',
  },
};
const BAD_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  slug: 'bad-request',
  title: 'title.bad-request',
  detail: 'request.malformed',
} as const;

/**
 * The language of a request Node could not parse, from whatever of its `Accept-Language` header arrived
 * (first listed supported language; q-values are not weighed here). English when there is none.
 */
export function rawAcceptLanguage(raw: Buffer | undefined): Language {
  if (!raw) return DEFAULT_LANGUAGE;
  const head = raw.subarray(0, MAX_HEADER_BYTES * 2).toString('latin1');
  const header = /\r?\naccept-language[ \t]*:[ \t]*([^\r\n]*)/i.exec(head)?.[1];
  if (!header) return DEFAULT_LANGUAGE;
  for (const range of header.split(',')) {
    const [tag = '', ...params] = range.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p))) continue;
    const primary = tag.trim().split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Node's `clientError`: a request it could not parse (head over `maxHeaderSize`, a URL too long, broken
 * framing, a head that never finished) gets no `request` event, so no Express middleware sees it. It gets a
 * minimal `HTTP/1.1` answer with a problem+json body written on the socket — 431 for an oversized head, 408
 * for a timeout, 400 otherwise — and the connection closes, as nothing after a parse error can be trusted.
 */
export function clientErrorHandler(logger?: Logger): (error: Error, socket: Duplex) => void {
  const answered = new WeakSet<Duplex>();
  return (error: ClientError, socket) => {
    // Node's parser keeps failing on whatever else arrives on an answered socket: that is read and dropped.
    if (answered.has(socket)) return;
    // A reset peer cannot read an answer; one in the middle of a response cannot get a second.
    const busy = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || busy) {
      socket.destroy();
      return;
    }
    const answer = ANSWERS[error.code ?? ''] ?? BAD_REQUEST;
    const language = rawAcceptLanguage(error.rawPacket);
    const t = translator(language);
    const requestId = randomUUID();
    logger?.info({ code: error.code, status: answer.status, req_id: requestId }, 'unparsable request');
    const problem: ProblemDetails = {
      type: `/problems/${answer.slug}`,
      title: t(answer.title),
      status: answer.status,
      detail: t(answer.detail, { limit: MAX_HEADER_BYTES }),
      // The path is what could not be read; the problem is about the request as a whole.
      instance: '/',
      request_id: requestId,
    };
    const body = Buffer.from(JSON.stringify(problem), 'utf8');
    const head =
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
      `Content-Type: ${PROBLEM_MEDIA_TYPE}; charset=utf-8\r\n` +
      `Content-Length: ${body.length}\r\n` +
      `Content-Language: ${language}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n';
    answered.add(socket);
    // Not destroy(): unread bytes would make the kernel reset the connection, and the peer could lose the
    // answer. The socket is ended and keeps being read until the peer closes it, or for LINGER_MS at most.
    socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
    const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(linger));
  };
}

/**
 * Node answers a head that misses `headersTimeout` through `clientError` (408 above), but on a kept-alive
 * connection its keep-alive timer comes first: a request that begins there and stalls is closed without a word
 * once the connection has been quiet for `keepAliveTimeout`. Such a connection (bytes arrived since its last
 * answer) keeps its socket until `deadlineMs` more, so that the headers deadline answers it `408`; a connection
 * that is really idle closes at the keep-alive timeout as before, and one that outlives `deadlineMs` (say the
 * rest of a body nobody read) is closed then.
 */
export function answerStalledHeadsByTheirDeadline(server: Server, deadlineMs: number): void {
  const bytesAtLastAnswer = new WeakMap<Socket, number>();
  const waited = new WeakSet<Socket>();
  server.on('request', (req, res) => {
    const socket = req.socket;
    res.once('finish', () => bytesAtLastAnswer.set(socket, socket.bytesRead));
  });
  // With a listener here, Node leaves the timed-out socket to it.
  server.on('timeout', (socket: Socket) => {
    const answered = bytesAtLastAnswer.get(socket);
    if (answered !== undefined && socket.bytesRead > answered && !waited.has(socket)) {
      waited.add(socket);
      socket.setTimeout(deadlineMs);
      return;
    }
    socket.destroy();
  });
}
