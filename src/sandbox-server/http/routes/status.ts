import { Router, type RequestHandler } from 'express';
import type { QuotaService } from '../../domain/quota.ts';
import { scopeOf } from '../context.ts';

/** `GET /status`: operations and signatures left (contract "Operations and status"). */
export function statusRoutes(quota: QuotaService): Router {
  const router = Router();
  router.get('/status', (_req, res) => {
    res.json(quota.status(scopeOf(res)));
  });
  return router;
}

/**
 * Storing or validating an invoice costs an operation: a live account with none left gets `403` before its
 * upload is even read (openapi.yml `/status`). Sandbox keys are never refused.
 */
export function operationQuota(quota: QuotaService): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'POST' && /^\/send(?:\/|$)/.test(req.path)) quota.assertOperationsLeft(scopeOf(res));
    next();
  };
}
