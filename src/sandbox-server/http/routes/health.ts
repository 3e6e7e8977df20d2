import { Router } from 'express';
import type { HealthReport } from '../../../shared/api/types.ts';
import type { Store } from '../../store/store.ts';

/** `GET /health`, no authentication (contract "Health"): 200 when every check passes, else 503. */
export function healthRoutes(store: Store): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    const report: HealthReport = { status: 'Healthy', checks: {} };
    try {
      store.db.prepare('SELECT count(*) FROM accounts').get();
      report.checks.database = { status: 'Healthy' };
    } catch (error) {
      report.status = 'Unhealthy';
      report.checks.database = { status: 'Unhealthy', detail: (error as Error).message };
    }
    res.status(report.status === 'Healthy' ? 200 : 503).json(report);
  });
  return router;
}
