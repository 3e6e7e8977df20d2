import { Router } from 'express';
import { parseResourceId } from '../../domain/companies.ts';
import { ServiceError } from '../../domain/service-error.ts';
import type { Services } from '../../composition.ts';
import type { Store } from '../../store/store.ts';
import { noteResource, pathParam, scopeOf } from '../context.ts';
import { readInvoiceListQuery } from '../invoice-query.ts';
import { QueryReader } from '../query.ts';
import { sendJsonList, sendPayloadFile, sendPayloadList, sendSerialized, sendXmlFile } from '../responses.ts';

function receiveId(raw: string): number {
  const id = parseResourceId(raw);
  if (id === null) throw new ServiceError('not-found', 'notFound.receive', { id: raw });
  return id;
}

export function receiveRoutes(services: Services, store: Store, limits: { pageBytes: number }): Router {
  const router = Router();

  router.get('/receive', (req, res) => {
    const query = new QueryReader(req);
    const listQuery = { ...readInvoiceListQuery(query, res, store), unread: query.boolean('unread') };
    const scope = scopeOf(res);
    // Without payloads nothing changes and SQLite serializes the page itself (see ReceiveRepository.listJson):
    // same body, less work.
    if (listQuery.include_payload !== true)
      return sendJsonList(res, store.receives.listJson(scope, listQuery));
    // With them the service marks the page read, and each invoice is read when its row goes out (responses.ts).
    const page = services.receives.pageToRead(scope, listQuery);
    return sendPayloadList(
      res,
      page,
      (id) => store.receives.getWithFile(scope, id),
      services.workers,
      limits.pageBytes,
    );
  });

  router.get('/receive/:id/payload', (req, res) => {
    const { receive, file, encoding } = services.receives.file(scopeOf(res), receiveId(pathParam(req, 'id')));
    noteResource(res, receive.company_id, receive.id);
    sendPayloadFile(res, file, encoding);
  });

  // Not in openapi.yml: the files SDI sends the recipient besides the invoice (MT, SE), as it sends them.
  router.get('/receive/:id/notifications', (req, res) => {
    const scope = scopeOf(res);
    const id = receiveId(pathParam(req, 'id'));
    res.json(services.receives.notifications(scope, id));
  });

  router.get('/receive/:id/notifications/:fileName', (req, res) => {
    const id = receiveId(pathParam(req, 'id'));
    sendXmlFile(res, services.receives.notification(scopeOf(res), id, pathParam(req, 'fileName')));
  });

  router.get('/receive/:id/metadata', (req, res) => {
    const id = receiveId(pathParam(req, 'id'));
    sendXmlFile(res, services.receives.metadata(scopeOf(res), id));
  });

  router.get('/receive/:id', (req, res) => {
    const includePayload = new QueryReader(req).boolean('include_payload') ?? false;
    if (!includePayload) {
      // Reading the metadata changes nothing: serialized by SQLite, kept while unchanged (getJson).
      const id = receiveId(pathParam(req, 'id'));
      const kept = store.receives.getJson(scopeOf(res), id);
      if (!kept) throw new ServiceError('not-found', 'notFound.receive', { id });
      noteResource(res, kept.companyId, kept.id);
      return sendSerialized(res, kept.bytes);
    }
    const receive = services.receives.get(scopeOf(res), receiveId(pathParam(req, 'id')), includePayload);
    noteResource(res, receive.company_id, receive.id);
    res.json(receive);
  });

  router.delete('/receive/:id', (req, res) => {
    const receive = services.receives.delete(scopeOf(res), receiveId(pathParam(req, 'id')));
    noteResource(res, receive.company_id, receive.id, 'receive.delete');
    res.json(receive);
  });

  return router;
}
