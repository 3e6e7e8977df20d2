import { bodyBytes, type Cassette, type RecordedResponse } from './cassette.ts';
import { upstreamBase } from './record.ts';
import { describeRequest } from './request.ts';
import { learnIds, mapIds, shapeDifferences } from './shape.ts';

/**
 * Headers whose presence is part of the contract (a client reads them); their values are data, but for
 * content-type, whose media type must be the same.
 */
const COMPARED_HEADERS = [
  'content-type',
  'location',
  'service-total-count',
  'retry-after',
  'www-authenticate',
  'idempotent-replayed',
] as const;

export interface Drift {
  /** 1-based position of the request in the cassette. */
  entry: number;
  request: string;
  kind: 'status' | 'header' | 'shape';
  /** What differs, one line each: `status 201 recorded, 413 now`, `$.name: recorded, now missing`. */
  differences: string[];
}

export interface DiffReport {
  cassette_target: string;
  api: string;
  requests: number;
  drifts: Drift[];
}

/**
 * Replays a cassette's requests in order against an API (the local sandbox) with its key and reports where the
 * answers differ from the recorded ones in status, meaningful headers or JSON shape. Ids the recorded answers
 * gave are mapped to the ones this API gives, so later requests naming them reach the same things.
 */
export async function diffCassette(cassette: Cassette, api: string, key: string): Promise<DiffReport> {
  const base = upstreamBase(api);
  const authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const ids = new Map<string, string>();
  const drifts: Drift[] = [];
  for (const [index, { request, response }] of cassette.entries.entries()) {
    const path = request.path
      .split('/')
      .map((segment) => ids.get(decodeURIComponent(segment)) ?? segment)
      .join('/');
    const query = new URLSearchParams(
      request.query.map(([name, value]): [string, string] => [name, ids.get(value) ?? value]),
    );
    const headers = new Headers({ ...request.headers, authorization });
    let body: Buffer | string | undefined;
    if (request.body) {
      const recorded = bodyBytes(request.body);
      const json = /json/i.test(request.headers['content-type'] ?? '') ? parseJson(recorded) : undefined;
      body = json === undefined ? recorded : JSON.stringify(mapIds(json, ids));
    }
    const answer = await fetch(`${base}${path}${query.size > 0 ? `?${query}` : ''}`, {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    const answerBytes = Buffer.from(await answer.arrayBuffer());
    const found = (kind: Drift['kind'], differences: string[]) => {
      if (differences.length > 0)
        drifts.push({ entry: index + 1, request: describeRequest(request), kind, differences });
    };
    if (answer.status !== response.status) {
      found('status', [`status ${response.status} recorded, ${answer.status} now`]);
      // Another status is another answer altogether: its headers and body say nothing more.
      continue;
    }
    found('header', headerDifferences(response, answer.headers));
    const [was, is] = [parseJson(bodyBytes(response.body)), parseJson(answerBytes)];
    if (was !== undefined && is !== undefined) {
      found('shape', shapeDifferences(was, is));
      learnIds(was, is, ids);
    }
    const [from, to] = [response.headers.location, answer.headers.get('location')];
    // A created thing's id is also the last segment of its Location.
    if (from && to) ids.set(from.split('/').pop()!, to.split('/').pop()!);
  }
  return { cassette_target: cassette.target, api, requests: cassette.entries.length, drifts };
}

function headerDifferences(recorded: RecordedResponse, actual: Headers): string[] {
  const differences: string[] = [];
  for (const name of COMPARED_HEADERS) {
    const [was, is] = [recorded.headers[name], actual.get(name) ?? undefined];
    if (was === undefined && is === undefined) continue;
    if (was === undefined) differences.push(`${name}: not recorded, now ${is}`);
    else if (is === undefined) differences.push(`${name}: recorded ${was}, now missing`);
    else if (name === 'content-type' && mediaType(was) !== mediaType(is)) {
      differences.push(`${name}: recorded ${was}, now ${is}`);
    }
  }
  return differences;
}

function mediaType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The report as a person reads it. */
export function formatDiff(report: DiffReport): string {
  const lines = [
    `Replayed ${report.requests} recorded requests (recorded from ${report.cassette_target}) against ${report.api}.`,
  ];
  if (report.drifts.length === 0) {
    lines.push('No drift: every answer has the recorded status, headers and shape.');
    return `${lines.join('\n')}\n`;
  }
  for (const drift of report.drifts) {
    lines.push(`#${drift.entry} ${drift.request}: ${drift.kind} differs`);
    for (const difference of drift.differences) lines.push(`    ${difference}`);
  }
  const requests = new Set(report.drifts.map((d) => d.entry)).size;
  lines.push(
    `Drift: ${report.drifts.length} difference${report.drifts.length === 1 ? '' : 's'} in ${requests} of ${report.requests} requests.`,
  );
  return `${lines.join('\n')}\n`;
}
