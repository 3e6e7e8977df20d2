import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifyServiceSignature } from '../../../src/shared/api/webhook-signature.ts';

export interface ReceiverCall {
  body: string;
  /** Whether the signature was valid for the secret, within 5 minutes. */
  verified: boolean;
}

/**
 * A real receiver on loopback, written as docs/webhooks.md tells a developer to (`careful`): it verifies the
 * Service-Signature over the raw body with 5 minutes of tolerance (401 otherwise) and acknowledges a duplicate
 * event id with 200 without acting twice. A `careless` one answers 204 to anything.
 */
export class TestReceiver {
  readonly calls: ReceiverCall[] = [];
  /** Events acted on, by `event:id`. */
  readonly handled = new Set<string>();
  secret = '';
  private server: Server | null = null;

  constructor(private readonly careful: boolean) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void (async () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const header = req.headers[SIGNATURE_HEADER.toLowerCase()];
          const verified = await verifyServiceSignature(
            typeof header === 'string' ? header : null,
            body,
            this.secret,
            300,
          );
          this.calls.push({ body, verified });
          if (!this.careful) {
            res.statusCode = 204;
            res.end();
            return;
          }
          if (!verified) {
            res.statusCode = 401;
            res.end('bad signature');
            return;
          }
          const event = JSON.parse(body) as { event: string; id: number };
          const key = `${event.event}:${event.id}`;
          const duplicate = this.handled.has(key);
          this.handled.add(key);
          res.statusCode = 200;
          res.end(duplicate ? 'duplicate' : 'ok');
        })();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Waits (bounded) until `count` calls have arrived. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceiverCall[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.calls.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} calls, got ${this.calls.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.calls;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
