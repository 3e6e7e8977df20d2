import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails } from '../../../src/shared/api/types.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

/**
 * A client that opens a request and never finishes its head (a slowloris, a stalled proxy) gets an answer when
 * the headers deadline passes, not a silently closed connection. The server here has a 1.5 s deadline and a
 * shorter keep-alive timeout (0.5 s), so that the keep-alive timer would come first on a kept-alive connection.
 */
let sandbox: TestSandbox;
let port: number;

beforeAll(async () => {
  sandbox = await startTestSandbox({ headersTimeoutMs: 1500, keepAliveTimeoutMs: 500 });
  port = Number(new URL(sandbox.origin).port);
});
afterAll(() => sandbox.close());

/** A bound for the tests to end by whatever happens: far past the deadline, not a speed claim. */
const BOUND_MS = 15_000;

interface Exchange {
  socket: net.Socket;
  /** Everything the server sent, once it closed the connection (or 'timeout' past BOUND_MS). */
  closed: Promise<string | 'timeout'>;
}

function connect(): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    const closed = new Promise<string | 'timeout'>((done) => {
      const bound = setTimeout(() => done('timeout'), BOUND_MS);
      socket.once('close', () => {
        clearTimeout(bound);
        done(received);
      });
    });
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** The last HTTP answer in what a connection received: its status, headers and problem body. */
function lastAnswer(received: string): { status: number; headers: string; problem: ProblemDetails } {
  const start = received.lastIndexOf('HTTP/1.1 ');
  expect(start, received).toBeGreaterThanOrEqual(0);
  const answer = received.slice(start);
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.slice(9, 12)), headers: head, problem: JSON.parse(body) as ProblemDetails };
}

function expectTimeoutProblem(received: string | 'timeout'): void {
  expect(received, 'the connection closed without an answer in time').not.toBe('timeout');
  const { status, headers, problem } = lastAnswer(received);
  expect(status, received).toBe(408);
  expect(headers).toMatch(/^content-type: application\/problem\+json/im);
  // The head never arrived, its Accept-Language with it: the default language.
  expect(headers).toMatch(/^content-language: en/im);
  expect(problem).toMatchObject({ type: '/problems/timeout', status: 408, title: 'Request timeout' });
}

describe('a request head that does not arrive in time', () => {
  it('on a new connection is answered 408 problem+json, then the connection closes', async () => {
    const { socket, closed } = await connect();
    socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expectTimeoutProblem(await closed);
  });

  it('on a kept-alive connection, after an answered request, is answered 408 too, not closed silently', async () => {
    const { socket, closed } = await connect();
    socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // The first answer has arrived (the connection is kept alive); then a second head starts and stalls.
    await new Promise<void>((resolve) => {
      const check = () => (socket.bytesRead > 0 ? resolve() : setTimeout(check, 20));
      check();
    });
    socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const received = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expectTimeoutProblem(received);
  });

  it('an idle kept-alive connection still closes quietly, with nothing after its answer', async () => {
    const { socket, closed } = await connect();
    socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const received = await closed;
    expect(received).not.toBe('timeout');
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(lastAnswer(received).status).toBe(200);
  });
});
