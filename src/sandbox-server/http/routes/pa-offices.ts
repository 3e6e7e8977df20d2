import { Router } from 'express';
import { PaOfficeInputSchema } from '../../../shared/api/sandbox-schemas.ts';
import type { PaOffice } from '../../../shared/api/types.ts';
import { expectObject, fieldProblems } from '../../domain/body-check.ts';
import { invalid, ServiceError } from '../../domain/service-error.ts';
import type { Store } from '../../store/store.ts';
import { pathParam } from '../context.ts';

/**
 * The sandbox's directory of public administration offices (`/_sandbox/pa-offices`, test keys only), which the
 * simulated SDI checks an FPA12's CodiceDestinatario against (00311, 00312): docs/sandbox.md. One directory per
 * data folder, like the one IPA of the real SDI, so every account of the sandbox sees the same offices.
 */
export function paOfficeRoutes(store: Store): Router {
  const router = Router();

  router.get('/pa-offices', (_req, res) => {
    res.json(store.paOffices.list());
  });

  // Adds an office, or replaces the one with the same code (201 for a new one, 200 for a replaced one).
  router.post('/pa-offices', (req, res) => {
    const { office, created } = store.paOffices.put(officeBody(req.body));
    res.status(created ? 201 : 200).json(office);
  });

  router.delete('/pa-offices/:code', (req, res) => {
    const code = pathParam(req, 'code');
    const removed = store.paOffices.remove(code);
    if (removed === null) throw new ServiceError('not-found', 'ipa.notFound', { code });
    res.json(removed);
  });

  return router;
}

/** `{code, name?, active?}`, checked against its published definition (PaOfficeInputSchema). */
function officeBody(body: unknown): PaOffice {
  const record = expectObject(body);
  const problems = fieldProblems(PaOfficeInputSchema, record, {
    code: () => ({ code: 'type', key: 'ipa.code', path: 'code' }),
  });
  if (problems.length > 0) throw invalid(problems);
  const code = record.code as string;
  const name = typeof record.name === 'string' && record.name.trim() !== '' ? record.name.trim() : code;
  return { code, name, active: record.active !== false };
}
