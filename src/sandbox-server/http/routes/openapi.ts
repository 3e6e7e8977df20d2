import { Router, type Request } from 'express';
import { buildOpenApiDocument, OPENAPI_PATH } from '../../../shared/api/openapi.ts';

/** A Host header worth naming as the server's address; anything else gets the relative `/`. */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * `GET /v1/openapi.json`, no key needed (like `/health`): the OpenAPI 3.1 description of this server, generated
 * from src/shared/api. It names the address it was fetched from as its server, so a client generated from it, or
 * the reference page's "Try it out", calls this very sandbox.
 */
export function openApiRoutes(): Router {
  const router = Router();
  // The document does not change while the server runs: built once, only `servers` differs per caller.
  const document = buildOpenApiDocument();

  router.get(OPENAPI_PATH, (req, res) => {
    res
      .set('Cache-Control', 'no-cache')
      .json({ ...document, servers: [{ url: serverUrl(req), description: 'This sandbox' }] });
  });
  return router;
}

function serverUrl(req: Request): string {
  const host = req.get('host') ?? '';
  return PLAIN_HOST.test(host) ? `${req.protocol}://${host}` : '/';
}
