import { Router } from 'express';
import type { HealthReport } from '../../../shared/api/types.ts';
import type { Store } from '../../store/store.ts';

export type HealthCheck = () => HealthReport['checks'][string];

/**
 * `GET /health`, no authentication (contract "Health"): 503 when a check fails (Unhealthy); 200 otherwise, with
 * `Degraded` when a check works but is behind (a job has waited too long for its turn).
 */
export function healthRoutes(store: Store, checks: Record<string, HealthCheck> = {}): Router {
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
    for (const [name, check] of Object.entries(checks)) {
      try {
        report.checks[name] = check();
      } catch (error) {
        report.checks[name] = { status: 'Unhealthy', detail: (error as Error).message };
      }
      const status = report.checks[name]!.status;
      if (status === 'Unhealthy' || (status === 'Degraded' && report.status === 'Healthy'))
        report.status = status;
    }
    res.status(report.status === 'Unhealthy' ? 503 : 200).json(report);
  });
  return router;
}
