import { Agent, request } from 'undici';

/** A keep-alive HTTP client for load loops; every loop that uses it is bounded in count and time. */
export class BenchClient {
  private readonly agent: Agent;
  private readonly auth: string;

  constructor(
    private readonly origin: string,
    key: string,
    connections = 16,
  ) {
    this.agent = new Agent({ connections, pipelining: 1 });
    this.auth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  }

  async call(method: 'GET' | 'POST', path: string, body?: string, contentType?: string): Promise<number> {
    const response = await request(`${this.origin}${path}`, {
      method,
      dispatcher: this.agent,
      headers: { authorization: this.auth, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    });
    await response.body.dump();
    return response.statusCode;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `call` sequentially `count` times and returns latencies in milliseconds, sorted. */
export async function latencies(count: number, call: (i: number) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    const status = await call(i);
    if (status >= 400) throw new Error(`request ${i} answered ${status}`);
    out.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return out.sort((a, b) => a - b);
}
