import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import pino from 'pino';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sort, type ApiOperation } from '../../../src/shared/api/operation.ts';
import { errorHandler } from '../../../src/sandbox-server/http/problem.ts';
import { queryChecks } from '../../../src/sandbox-server/http/request-checks.ts';
import { requestContext } from '../../../src/sandbox-server/http/request-context.ts';

/** An operation the server does not have: what the checks enforce can only come from this definition. */
const WIDGETS: ApiOperation = {
  id: 'listWidgets',
  method: 'get',
  path: '/v1/widget/{id}/parts',
  tag: 'status',
  summary: 'Widgets',
  authenticated: true,
  query: {
    size: Type.Integer({ minimum: 2, maximum: 3 }),
    shape: Type.Enum(['round', 'square'] as const),
    when: Type.String({ format: 'date-time' }),
    sort: Sort(['weight']),
    fresh: Type.Boolean(),
  },
  responses: { 200: { description: 'ok' } },
  problems: [],
};

describe('query parameters are checked against their published definitions', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const app = express();
    app.set('query parser', 'simple');
    app.use(requestContext);
    app.use('/v1', queryChecks([WIDGETS]));
    app.get('/v1/widget/:id/parts', (_req, res) => {
      res.json({ reached: true });
    });
    app.use(errorHandler(pino({ level: 'silent' }), 1000));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (query: string, language = 'en') => {
    const res = await fetch(`${origin}/v1/widget/7/parts?${query}`, {
      headers: { 'accept-language': language },
    });
    return { status: res.status, body: (await res.json()) as { parameter?: string; detail?: string } };
  };

  it('lets through values their definitions accept, and parameters they do not name', async () => {
    const res = await get('size=3&shape=round&when=2026-01-31T09:00:00Z&sort=-weight&fresh=TRUE&other=x');
    expect(res).toEqual({ status: 200, body: { reached: true } });
  });

  it.each([
    ['size=4', 'size', 'between 2 and 3'],
    ['size=two', 'size', 'whole number'],
    ['shape=oval', 'shape', 'round, square'],
    ['when=2026-02-30T00:00:00Z', 'when', 'ISO 8601'],
    ['sort=height', 'sort', 'weight'],
    ['fresh=yes', 'fresh', 'true or false'],
    ['size=2&size=3', 'size', 'only once'],
  ])('refuses %s before the route runs, naming %s', async (query, parameter, words) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.parameter).toBe(parameter);
    expect(res.body.detail).toContain(words);
  });

  it('words the refusal in the caller language', async () => {
    const res = await get('size=9', 'it');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/tra 2 e 3/);
  });
});
