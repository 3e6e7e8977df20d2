import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Clock } from '../clock.ts';
import { CassetteWriter, type Cassette } from './cassette.ts';
import { modeWords, sendProxyProblem, type ProxyMode } from './messages.ts';
import { recordingHandler } from './record.ts';
import { replayHandler } from './replay.ts';
import { describeRequest } from './request.ts';

export type ProxyServerOptions = {
  port: number;
  host: string;
  clock: Clock;
} & (
  | { mode: 'record'; target: string; key: string; cassetteFile: string }
  | { mode: 'replay'; cassette: Cassette }
);

export interface ProxyServer {
  /** e.g. `http://127.0.0.1:8780/v1`, like the sandbox's. */
  readonly baseUrl: string;
  close(): Promise<void>;
}

/**
 * `serve --proxy-to` and `serve --replay`: a small server of its own that answers `/v1` only, by forwarding and
 * recording or from a cassette. It opens no data folder and serves neither `/_sandbox` nor the UI: those are
 * the local sandbox's, which a recording of another service has no part in.
 */
export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const mode: ProxyMode = options.mode;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    '/v1',
    options.mode === 'record'
      ? recordingHandler({
          target: options.target,
          key: options.key,
          writer: new CassetteWriter(options.cassetteFile, options.target, options.clock.now()),
        })
      : replayHandler(options.cassette),
  );
  app.use((req, res) => {
    const url = new URL(req.originalUrl, 'http://local');
    sendProxyProblem(req, res, 'not-proxied', {
      mode: modeWords(req, mode),
      request: describeRequest({ method: req.method, path: url.pathname, query: [...url.searchParams] }),
    });
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    baseUrl: `http://${host}:${port}/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
