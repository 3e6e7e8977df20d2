import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyUnder, routeTable } from '../../../src/sandbox-server/http/route-table.ts';

/** A router whose routes answer with their name and how many routers the request entered before. */
function answering(routes: Record<string, string>): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.locals.entered = ((res.locals.entered as number | undefined) ?? 0) + 1;
    next();
  });
  for (const [path, name] of Object.entries(routes)) {
    router.get(path, (_req, res) => {
      res.json({ name, entered: res.locals.entered as number });
    });
  }
  return router;
}

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the route table and onlyUnder', () => {
  let tabled: { server: Server; origin: string };
  let mounted: { server: Server; origin: string };

  beforeAll(async () => {
    const docs = answering({ '/docs': 'docs', '/docs/:asset': 'docs asset' });
    const widget = answering({ '/widget': 'widgets', '/widget/:id': 'widget', '/widgethistory': 'history' });
    const gadget = answering({ '/gadget/:id': 'gadget' });

    const app = express();
    app.use(onlyUnder(['/docs'], docs));
    app.use('/v1', routeTable({ widget, widgethistory: widget, gadget }));
    app.use((_req, res) => res.status(404).json({ name: 'not found' }));
    tabled = await listen(app);

    // The same routers mounted one after the other, as Express apps usually are.
    const plain = express();
    plain.use(docs);
    plain.use('/v1', widget, gadget);
    plain.use((_req, res) => res.status(404).json({ name: 'not found' }));
    mounted = await listen(plain);
  });
  afterAll(async () => {
    for (const { server } of [tabled, mounted]) await new Promise((resolve) => server.close(resolve));
  });

  const get = async (origin: string, path: string) => {
    const res = await fetch(origin + path);
    return { status: res.status, ...((await res.json()) as { name: string; entered?: number }) };
  };

  it('sends each request to the router of its first path segment, as Express would match it', async () => {
    for (const [path, name] of [
      ['/v1/widget', 'widgets'],
      ['/v1/widget/', 'widgets'],
      ['/v1/widget/7?x=/y', 'widget'],
      ['/v1/widget?x=/gadget/1', 'widgets'],
      ['/V1/Widget/7', 'widget'],
      ['/v1/widgethistory', 'history'],
      ['/v1/gadget/3', 'gadget'],
      ['/docs', 'docs'],
      ['/docs/', 'docs'],
      ['/DOCS/app.js', 'docs asset'],
    ]) {
      expect(await get(tabled.origin, path!), path).toMatchObject({ status: 200, name });
      expect(await get(mounted.origin, path!), path).toMatchObject({ status: 200, name });
    }
  });

  it('passes on what no router serves, without entering one', async () => {
    for (const path of ['/v1/gizmo', '/v1', '/v1/', '/v1/gadget', '/docsx', '/widget/1', '/v1/widgetx/1']) {
      expect(await get(tabled.origin, path), path).toEqual({ status: 404, name: 'not found' });
      expect(await get(mounted.origin, path), path).toEqual({ status: 404, name: 'not found' });
    }
  });

  it('enters only the router that serves the path, where routers mounted in a row are each entered', async () => {
    expect(await get(tabled.origin, '/v1/gadget/3')).toEqual({ status: 200, name: 'gadget', entered: 1 });
    expect(await get(mounted.origin, '/v1/gadget/3')).toEqual({ status: 200, name: 'gadget', entered: 3 });
  });
});
