import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifyServiceSignature } from '../../shared/api/webhook-signature.ts';
import type { WebhookPlan } from './webhook-plan.ts';

/**
 * The receivers the seeded webhooks deliver to while seeding runs: a real HTTP server on the loopback, so every
 * attempt in the history is a real signed POST and a real answer. Each receiver checks the signature as a real
 * one would, and answers by the sandbox time the delivery was signed at (`t=`), which is what makes a
 * maintenance weekend or a switched-off integration happen at the same moment in every run.
 */
export class SeedWebhookReceiver {
  private readonly secrets = new Map<string, string>();
  private constructor(
    private readonly server: Server,
    private readonly plans: Map<string, WebhookPlan>,
  ) {}

  static async start(): Promise<SeedWebhookReceiver> {
    const plans = new Map<string, WebhookPlan>();
    let receiver: SeedWebhookReceiver | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void receiver!
          .answer(req.url ?? '', req.headers, Buffer.concat(chunks).toString('utf8'))
          .then(({ status, body }) => {
            res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
            res.end(body);
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new SeedWebhookReceiver(server, plans);
    return receiver;
  }

  /** The address a webhook of this plan delivers to during seeding. */
  urlFor(plan: WebhookPlan, environment: string): string {
    const { port } = this.server.address() as AddressInfo;
    const path = `/${environment}/${plan.key}`;
    this.plans.set(path, plan);
    return `http://127.0.0.1:${port}${path}`;
  }

  /** The webhook's secret, shown once when it was created: the receiver checks signatures with it. */
  trust(url: string, secret: string): void {
    this.secrets.set(new URL(url).pathname, secret);
  }

  private async answer(
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: string,
  ): Promise<{ status: number; body: string }> {
    const plan = this.plans.get(path);
    const secret = this.secrets.get(path);
    const header = headers[SIGNATURE_HEADER.toLowerCase()];
    const signature = typeof header === 'string' ? header : null;
    const t = Number(/t=(\d+)/.exec(signature ?? '')?.[1]);
    if (!plan || !secret || !Number.isFinite(t)) return { status: 404, body: 'Not Found' };
    const at = new Date(t * 1000);
    if (!(await verifyServiceSignature(signature, body, secret, 300, at))) {
      return { status: 401, body: 'Invalid signature' };
    }
    return plan.answer(at);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      // The deliveries' keep-alive connections would hold the close until they time out.
      this.server.closeAllConnections();
    });
  }
}
