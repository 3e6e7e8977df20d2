import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { SEND_IDS_MAX, SEND_STATES, SIGNATURE_MODES } from '../../../shared/api/types.ts';
import { parseResourceId } from '../../domain/companies.ts';
import { invalid, ServiceError } from '../../domain/service-error.ts';
import type { Services } from '../../composition.ts';
import type { SubmissionRequest } from '../../domain/submission.ts';
import type { Store } from '../../store/store.ts';
import { readInvoiceJson, readSendBody } from '../../domain/json-body-tasks.ts';
import { context, noteResource, pathParam, scopeOf } from '../context.ts';
import { readInvoiceListQuery } from '../invoice-query.ts';
import { QueryReader } from '../query.ts';
import type { IdempotencyGuard } from '../idempotency.ts';
import { jsonInputOf, rawBodyOf } from '../raw-body.ts';
import { sendJsonList, sendPayloadFile, sendPayloadList, sendSerialized } from '../responses.ts';

type Upload = Pick<SubmissionRequest, 'bytes' | 'encoding' | 'fileName' | 'metaData'>;

export function sendRoutes(
  services: Services,
  store: Store,
  idempotency: IdempotencyGuard,
  limits: { uploadBytes: number; pageBytes: number },
): Router {
  const router = Router();
  const rawBody = express.raw({ type: () => true, limit: limits.uploadBytes });
  const multipart = multer({
    storage: multer.memoryStorage(),
    // The one file is bounded by the upload limit; other form fields are neither used nor buffered at length.
    limits: { fileSize: limits.uploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });

  /** Every upload endpoint ends here: submission parameters, then the pipeline under the Idempotency-Key. */
  function submit(req: Request, res: Response, upload: Upload, fingerprinted: Uint8Array[]): Promise<void> {
    const query = new QueryReader(req);
    const options = {
      validate: query.boolean('validate') ?? false,
      signature: query.oneOf('signature', SIGNATURE_MODES) ?? 'Auto',
      sandboxScenario: context(res).sandboxScenario ?? null,
    };
    const scope = scopeOf(res);
    return idempotency.respond(
      req,
      res,
      fingerprinted,
      () => services.submissions.prepare(scope, { ...upload, ...options }),
      (prepared) => {
        const send = services.submissions.commit(prepared);
        return { status: 201, body: send, location: `/v1/send/${send.id}` };
      },
    );
  }

  router.get('/send', (req, res) => {
    const query = new QueryReader(req);
    const listQuery = {
      ...readInvoiceListQuery(query, res, store),
      latest_state: query.oneOf('latest_state', SEND_STATES),
      ids: query.ids('ids', SEND_IDS_MAX),
    };
    const scope = scopeOf(res);
    // Without payloads, SQLite serializes the page itself (see SendRepository.listJson): same body, less work.
    if (listQuery.include_payload !== true) return sendJsonList(res, store.sends.listJson(scope, listQuery));
    // With them, each invoice is read when its row goes out (responses.ts): a page may hold 200 files of 5 MB.
    const page = store.sends.listIds(scope, listQuery);
    return sendPayloadList(
      res,
      page,
      (id) => store.sends.getWithFile(scope, id),
      services.workers,
      limits.pageBytes,
    );
  });

  router.get('/send/:id/payload', (req, res) => {
    const id = parseResourceId(pathParam(req, 'id'));
    const found = id === null ? null : store.sends.getWithFile(scopeOf(res), id);
    if (!found) throw new ServiceError('not-found', 'notFound.send', { id: pathParam(req, 'id') });
    noteResource(res, found.invoice.company_id, found.invoice.id);
    sendPayloadFile(res, found.file, found.encoding);
  });

  router.get('/send/:x', (req, res) => {
    const x = pathParam(req, 'x');
    const includePayload = new QueryReader(req).boolean('include_payload') ?? false;
    const id = parseResourceId(x);
    const scope = scopeOf(res);
    if (id !== null && !includePayload) {
      // The common poll for an invoice's state: serialized by SQLite, kept while unchanged (getJson).
      const kept = store.sends.getJson(scope, id);
      if (!kept) throw new ServiceError('not-found', 'notFound.send', { id: x });
      noteResource(res, kept.companyId, kept.id);
      return sendSerialized(res, kept.bytes);
    }
    const send =
      id === null
        ? store.sends.getByIdentifier(scope, x, includePayload)
        : store.sends.get(scope, id, includePayload);
    if (!send) throw new ServiceError('not-found', 'notFound.send', { id: x });
    noteResource(res, send.company_id, send.id);
    res.json(send);
  });

  // The JSON bodies of these four are read on the worker pool, parsing and conversion included (raw-body.ts
  // leaves them as bytes): only the file's bytes come back.
  router.post('/send', async (req, res) => {
    const body = await readSendBody(services.workers, jsonInputOf(req));
    return submit(req, res, body, [rawBodyOf(req)]);
  });

  router.post('/send/xml', rawBody, (req, res) => {
    const bytes = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array();
    return submit(req, res, { bytes, encoding: 'Xml', fileName: null, metaData: null }, [bytes]);
  });

  // The uploaded file's name is the file's name at SDI, held to the same rule as POST /send's `file_name`
  // (00001), not replaced when it breaks it: SDI would discard the file for it. (A multipart file part always
  // has a name; a part with `filename=""` is a plain field to busboy, so no file.)
  router.post('/send/file', singleFile(multipart, limits), (req, res) => {
    const file = req.file;
    if (!file) throw new ServiceError('invalid', 'body.expectedMultipart');
    const bytes = new Uint8Array(file.buffer);
    const name = file.originalname || null;
    return submit(req, res, { bytes, encoding: 'Xml', fileName: name, metaData: null }, [
      Buffer.from(`${name ?? ''}\n`),
      bytes,
    ]);
  });

  router.post('/send/json', async (req, res) => {
    const bytes = await readInvoiceJson(services.workers, jsonInputOf(req));
    return submit(req, res, { bytes, encoding: 'Xml', fileName: null, metaData: null }, [rawBodyOf(req)]);
  });

  /** Validation only: 204 when SDI would accept the file, 422 with every problem otherwise. Stores nothing. */
  async function validateOnly(
    req: Request,
    res: Response,
    bytes: Uint8Array,
    fileName: string | null,
  ): Promise<void> {
    // Checked as a send with the same query would treat it: the same default mode (Auto, which signs an unsigned
    // FPA12), so a developer who validates and then sends gets one verdict. `signature=None` checks the file as it
    // is (an unsigned FPA12 is then NS 00102, as SDI would say); see SubmissionService.check.
    const signature = new QueryReader(req).oneOf('signature', SIGNATURE_MODES) ?? 'Auto';
    const { problems, omitted } = await services.submissions.check(scopeOf(res), bytes, fileName, signature);
    store.operations.add(scopeOf(res), 1);
    if (problems.length > 0) throw invalid(problems, 'invoice.invalid', omitted);
    res.status(204).end();
  }

  router.post('/send/validate', async (req, res) => {
    const body = await readSendBody(services.workers, jsonInputOf(req));
    return validateOnly(req, res, body.bytes, body.fileName);
  });

  router.post('/send/validate/xml', rawBody, (req, res) =>
    validateOnly(req, res, Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array(), null),
  );

  router.post('/send/validate/file', singleFile(multipart, limits), (req, res) => {
    if (!req.file) throw new ServiceError('invalid', 'body.expectedMultipart');
    return validateOnly(req, res, new Uint8Array(req.file.buffer), req.file.originalname || null);
  });

  router.post('/send/validate/json', async (req, res) =>
    validateOnly(req, res, await readInvoiceJson(services.workers, jsonInputOf(req)), null),
  );

  return router;
}

/**
 * Multer's and busboy's errors (wrong field, too large, no boundary, a body cut short) become problems
 * like every other error: too large is `413`, anything else about the multipart body is the caller's `400`.
 */
function singleFile(multipart: multer.Multer, limits: { uploadBytes: number }): RequestHandler {
  const handler = multipart.single('file');
  return (req, res, next) => {
    handler(req, res, (error?: unknown) => {
      if (error === undefined || error === null) return next();
      if (error instanceof ServiceError) return next(error);
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE' || error.code === 'LIMIT_FIELD_VALUE') {
          return next(new ServiceError('too-large', 'body.tooLarge', { limit: limits.uploadBytes }));
        }
        return next(new ServiceError('invalid', 'body.expectedMultipart'));
      }
      next(new ServiceError('bad-request', 'body.malformedMultipart'));
    });
  };
}
