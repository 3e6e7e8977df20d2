import type { RequestHandler } from 'express';

/**
 * Why these two exist: Express tries the layers of an app in order, and a router mounted in the row is entered
 * by every request that reaches it, which then tries each of its routes (and the router saves and restores the
 * request's path on the way in and out). Mounted one after the other, the public routers and the resource routers
 * made a read of `/v1/send/1` enter six routers to reach its own. With these, a request enters only the router
 * that serves its path, decided by one lookup: some 4 % of a small read's CPU (bench/results.md).
 */

/** A router and the paths a dispatcher sends to it (`/send` and all under it). */
export interface Dispatch {
  readonly under: string;
  readonly router: RequestHandler;
}

/** A handler that passes each request to one router or on; what goes where is listed, so routes can be. */
export type Dispatcher = RequestHandler & { readonly dispatches: readonly Dispatch[] };

/**
 * The resource routers of one mount point (`/v1`), by the first segment of the path under it: `send` for
 * `/v1/send/xml`. A segment with no router goes on to what follows the table (the 404 problem). Case-insensitive,
 * like Express's own path matching.
 */
export function routeTable(routersBySegment: Readonly<Record<string, RequestHandler>>): Dispatcher {
  const routers = new Map(
    Object.entries(routersBySegment).map(([segment, router]) => [segment.toLowerCase(), router]),
  );
  const dispatch: RequestHandler = (req, res, next) => {
    const router = routers.get(firstSegment(req.url).toLowerCase());
    if (router) router(req, res, next);
    else next();
  };
  return Object.assign(dispatch, {
    dispatches: [...routers].map(([segment, router]) => ({ under: `/${segment}`, router })),
  });
}

/** `/send` of `/send/1?x=y`; `url` is relative to the mount point, so it starts with a slash. */
function firstSegment(url: string): string {
  let end = 1;
  while (end < url.length) {
    const c = url.charCodeAt(end);
    if (c === 0x2f /* / */ || c === 0x3f /* ? */) break;
    end++;
  }
  return url.slice(1, end);
}

/**
 * `router` for the paths at or under one of `prefixes` (`/docs` takes `/docs`, `/docs/` and `/docs/a.js`, not
 * `/docsx`); every other request passes by without entering it. Case-insensitive, like Express's own matching.
 */
export function onlyUnder(prefixes: readonly string[], router: RequestHandler): Dispatcher {
  const lowered = prefixes.map((p) => p.toLowerCase());
  const dispatch: RequestHandler = (req, res, next) => {
    const path = req.path.toLowerCase();
    if (lowered.some((p) => path.startsWith(p) && (path.length === p.length || path[p.length] === '/'))) {
      router(req, res, next);
    } else next();
  };
  return Object.assign(dispatch, { dispatches: prefixes.map((under) => ({ under, router })) });
}
