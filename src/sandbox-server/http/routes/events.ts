import { Router } from 'express';
import type { LiveEvents } from '../../domain/live-events.ts';
import { scopeOf } from '../context.ts';

/** A comment line this often keeps proxies and the client's idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/**
 * `GET /_sandbox/events`: the caller's changes as server-sent events (`send.state`, `receive.add`,
 * `receive.read`), for an open UI to show them without polling. Sandbox only; authenticated like the rest of
 * `/_sandbox`. Each event's data is JSON; the stream starts with a `ready` event.
 */
export function liveEventRoutes(live: LiveEvents): Router {
  const router = Router();
  router.get('/events', (req, res) => {
    const scope = scopeOf(res);
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    res.write('retry: 1000\nevent: ready\ndata: {}\n\n');
    const unsubscribe = live.subscribe(
      scope,
      (event) => {
        const { type, ...data } = event;
        res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      // The server is stopping: end the stream so the shutdown does not wait for it.
      () => res.end(),
    );
    const timer = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    timer.unref();
    res.on('close', () => {
      clearInterval(timer);
      unsubscribe();
    });
  });
  return router;
}
