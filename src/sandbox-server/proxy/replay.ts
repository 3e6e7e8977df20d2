import type { RequestHandler } from 'express';
import { bodyBytes, type Cassette, type CassetteEntry, type RecordedRequest } from './cassette.ts';
import { noneWord, sendProxyProblem } from './messages.ts';
import { describeRequest, readBody, recordedRequest } from './request.ts';

/**
 * What identifies a request in a cassette: method, path, query (in any order) and, for a request with a body,
 * its body as recorded (secret fields redacted the same way, so a webhook created with any secret matches).
 */
export function matchKey(request: RecordedRequest): string {
  const query = [...request.query].sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
  return JSON.stringify([request.method, request.path, query, request.body?.data ?? null]);
}

/**
 * Answers from a cassette. Identical requests get the recorded answers in their recorded order; once those are
 * used up, the last one again (a client polling a list more often than it was recorded).
 */
export class Replayer {
  private readonly byKey = new Map<string, { entries: CassetteEntry[]; next: number }>();

  constructor(private readonly cassette: Cassette) {
    for (const entry of cassette.entries) {
      const key = matchKey(entry.request);
      const slot = this.byKey.get(key) ?? { entries: [], next: 0 };
      slot.entries.push(entry);
      this.byKey.set(key, slot);
    }
  }

  answer(request: RecordedRequest): CassetteEntry | null {
    const slot = this.byKey.get(matchKey(request));
    if (!slot) return null;
    const entry = slot.entries[Math.min(slot.next, slot.entries.length - 1)]!;
    slot.next += 1;
    return entry;
  }

  /**
   * The recorded request most like this one: the longest shared start of the path and query, the same method
   * breaking ties (a GET of a path that was only POSTed is nearer that POST than a GET of another path).
   */
  nearest(request: RecordedRequest): RecordedRequest | null {
    const target = (r: RecordedRequest) => describeRequest(r).slice(r.method.length + 1);
    const wanted = target(request);
    let best: RecordedRequest | null = null;
    let bestScore = -1;
    for (const { request: recorded } of this.cassette.entries) {
      const candidate = target(recorded);
      let shared = 0;
      while (shared < wanted.length && wanted[shared] === candidate[shared]) shared += 1;
      const score = shared * 2 + (recorded.method === request.method ? 1 : 0);
      if (score > bestScore) [best, bestScore] = [recorded, score];
    }
    return best;
  }
}

export function replayHandler(cassette: Cassette): RequestHandler {
  const replayer = new Replayer(cassette);
  return async (req, res, next) => {
    try {
      const request = recordedRequest(req, await readBody(req), []);
      const entry = replayer.answer(request);
      if (!entry) {
        const nearest = replayer.nearest(request);
        sendProxyProblem(req, res, 'cassette-miss', {
          request: describeRequest(request),
          nearest: nearest ? describeRequest(nearest) : noneWord(req),
        });
        return;
      }
      res.status(entry.response.status).set(entry.response.headers).send(bodyBytes(entry.response.body));
    } catch (error) {
      next(error);
    }
  };
}
