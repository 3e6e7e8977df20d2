import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP endpoint on loopback that records webhook calls and answers with the statuses it is told. */
export class WebhookReceiver {
  readonly calls: ReceivedCall[] = [];
  private server: Server | null = null;
  /** Statuses for the next calls, in order; once used up, every call gets 204. */
  statuses: number[] = [];
  /** While set, calls are recorded but not answered until it resolves. */
  hold: Promise<void> | null = null;
  /** Calls whose connection is still open: held, or being answered. */
  open = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.open++;
      res.on('close', () => this.open--);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = this.statuses.shift() ?? 204;
        void (this.hold ?? Promise.resolve()).then(() => {
          res.statusCode = status;
          res.end(status >= 300 ? `failure ${status}` : '');
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Waits (bounded) until `count` calls have arrived. */
  async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedCall[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.calls.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhook calls, got ${this.calls.length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.calls;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
