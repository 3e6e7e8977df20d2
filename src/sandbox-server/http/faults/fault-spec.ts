/**
 * What `Sandbox-Fault` (and a fault rule's `fault`) asks for, and its grammar: parts separated by `;`, each
 * `name` or `name=value`, in any order, names in any case:
 *
 * - `status=503` (or 429, 500, 502, 504): answer with that status, a problem+json, and `Retry-After` for 429 and
 *   503 (`retry-after=N` seconds, default 1);
 * - `latency=2s` (or `1500ms`, at most 60 s): wait that long, then serve the request (or the fault with it);
 * - `hang`: never answer, until the client gives up (or the server's cap, or its shutdown);
 * - `reset`: close the connection without an answer;
 * - `p=0.3`: inject with that probability (default 1), drawn from the server's random source.
 *
 * At most one of `status`, `hang` and `reset`; `latency` goes alone or with one of them.
 */

export const FAULT_HEADER = 'Sandbox-Fault';
export const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];
export const MAX_LATENCY_MS = 60_000;
export const MAX_RETRY_AFTER_SECONDS = 3_600;

export type FaultOutcome =
  | { kind: 'status'; status: FaultStatus; retryAfterSeconds: number | null }
  | { kind: 'hang' }
  | { kind: 'reset' };

export interface FaultSpec {
  latencyMs: number | null;
  outcome: FaultOutcome | null;
  /** 0 to 1. */
  probability: number;
}

/** What the request log keeps of an injected fault: its kind, and whether a header or a rule asked for it. */
export interface FaultMark {
  kind: 'latency' | FaultOutcome['kind'];
  status?: number;
  latency_ms?: number;
  source: 'header' | 'rule';
  rule_id?: number;
}

/** The spec, or the part that could not be read (for the problem's detail). */
export function parseFaultSpec(text: string): FaultSpec | { invalidPart: string } {
  let latencyMs: number | null = null;
  let outcome: FaultOutcome | null = null;
  let retryAfter: number | null = null;
  let probability = 1;
  const seen = new Set<string>();
  const parts = text.split(';').map((p) => p.trim());
  if (parts.every((p) => p === '')) return { invalidPart: text.trim() };
  for (const part of parts) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = (equals === -1 ? part : part.slice(0, equals)).trim().toLowerCase();
    const value = equals === -1 ? null : part.slice(equals + 1).trim();
    const bad = { invalidPart: part.slice(0, 100) };
    if (seen.has(name)) return bad;
    seen.add(name);
    if (name === 'latency' && value !== null) {
      const ms = parseLatency(value);
      if (ms === null) return bad;
      latencyMs = ms;
    } else if (name === 'status' && value !== null) {
      const status = Number(value);
      if (!/^\d{3}$/.test(value) || !(FAULT_STATUSES as readonly number[]).includes(status)) return bad;
      if (outcome) return bad;
      outcome = { kind: 'status', status: status as FaultStatus, retryAfterSeconds: null };
    } else if (name === 'retry-after' && value !== null) {
      if (!/^\d{1,4}$/.test(value) || Number(value) > MAX_RETRY_AFTER_SECONDS) return bad;
      retryAfter = Number(value);
    } else if ((name === 'hang' || name === 'reset') && value === null) {
      if (outcome) return bad;
      outcome = { kind: name };
    } else if (name === 'p' && value !== null) {
      if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(value)) return bad;
      probability = Number(value);
    } else {
      return bad;
    }
  }
  if (retryAfter !== null && outcome?.kind !== 'status') return { invalidPart: `retry-after=${retryAfter}` };
  if (outcome === null && latencyMs === null) return { invalidPart: text.trim().slice(0, 100) };
  if (outcome?.kind === 'status') {
    const usual = outcome.status === 429 || outcome.status === 503 ? 1 : null;
    outcome.retryAfterSeconds = retryAfter ?? usual;
  }
  return { latencyMs, outcome, probability };
}

function parseLatency(value: string): number | null {
  const match = /^(\d{1,6})(ms|s)$/.exec(value);
  if (!match) return null;
  const ms = Number(match[1]) * (match[2] === 's' ? 1000 : 1);
  return ms <= MAX_LATENCY_MS ? ms : null;
}

/** The spec written back in its grammar, normalized (what the rule list shows). */
export function formatFaultSpec(spec: FaultSpec): string {
  const parts: string[] = [];
  const { outcome } = spec;
  if (outcome?.kind === 'status') {
    parts.push(`status=${outcome.status}`);
    if (outcome.retryAfterSeconds !== null) parts.push(`retry-after=${outcome.retryAfterSeconds}`);
  } else if (outcome) parts.push(outcome.kind);
  if (spec.latencyMs !== null)
    parts.push(
      spec.latencyMs % 1000 === 0 ? `latency=${spec.latencyMs / 1000}s` : `latency=${spec.latencyMs}ms`,
    );
  if (spec.probability < 1) parts.push(`p=${spec.probability}`);
  return parts.join(';');
}

/** How a spec is marked in the log: its outcome's kind, or `latency` when it only slows the request. */
export function markOf(spec: FaultSpec, source: { ruleId: number } | 'header'): FaultMark {
  const { outcome } = spec;
  return {
    kind: outcome?.kind ?? 'latency',
    ...(outcome?.kind === 'status' ? { status: outcome.status } : {}),
    ...(spec.latencyMs !== null ? { latency_ms: spec.latencyMs } : {}),
    ...(source === 'header'
      ? { source: 'header' as const }
      : { source: 'rule' as const, rule_id: source.ruleId }),
  };
}
