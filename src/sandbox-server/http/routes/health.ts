import { Router } from 'express';
import type { HealthReport } from '../../../shared/api/types.ts';
import type { Store } from '../../store/store.ts';

export type HealthCheck = () => { status: 'Healthy' | 'Unhealthy'; detail?: string };

/** `GET /health`, no authentication (contract "Health"): 200 when every check passes, else 503. */
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
      if (report.checks[name]!.status !== 'Healthy') report.status = 'Unhealthy';
    }
    res.status(report.status === 'Healthy' ? 200 : 503).json(report);
  });
  return router;
}
