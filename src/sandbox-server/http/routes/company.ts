import { Router } from 'express';
import { parseCompanyInput } from '../../domain/company-input.ts';
import type { Services } from '../../composition.ts';
import { COMPANY_SORT_COLUMNS } from '../../store/companies.ts';
import type { Store } from '../../store/store.ts';
import { noteResource, pathParam, scopeOf } from '../context.ts';
import { QueryReader } from '../query.ts';
import { sendCreated, sendList } from '../responses.ts';

export function companyRoutes(services: Services, store: Store): Router {
  const router = Router();

  router.get('/company', (req, res) => {
    const query = new QueryReader(req);
    const result = store.companies.list(scopeOf(res), {
      q: query.string('q'),
      sorting: query.sorting(COMPANY_SORT_COLUMNS),
      paging: query.paging(),
    });
    sendList(res, result);
  });

  router.get('/company/:x', (req, res) => {
    const company = services.companies.require(scopeOf(res), pathParam(req, 'x'));
    noteResource(res, company.id, company.id);
    res.json(company);
  });

  router.post('/company', (req, res) => {
    const company = services.companies.create(scopeOf(res), parseCompanyInput(req.body, false));
    noteResource(res, company.id, company.id, 'company.add');
    sendCreated(res, `/v1/company/${company.id}`, company);
  });

  router.put('/company', (req, res) => {
    const company = services.companies.update(scopeOf(res), parseCompanyInput(req.body, true));
    noteResource(res, company.id, company.id, 'company.update');
    res.json(company);
  });

  router.delete('/company/:x', (req, res) => {
    const force = new QueryReader(req).boolean('force') ?? false;
    const company = services.companies.delete(scopeOf(res), pathParam(req, 'x'), force);
    // The company is gone, so the event cannot point at it; resource_id still says what was deleted.
    noteResource(res, null, company.id, 'company.delete');
    res.json(company);
  });

  return router;
}
