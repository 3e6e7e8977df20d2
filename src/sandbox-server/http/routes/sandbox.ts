import { Router, type RequestHandler } from 'express';
import { checkVatNumber, generateSdiFileName } from '../../../shared/fatturapa/index.ts';
import { parseDuration, type Clock, type SandboxClock } from '../../clock.ts';
import { normalizeVat, parseResourceId } from '../../domain/companies.ts';
import { readInvoiceFile } from '../../domain/invoice-file.ts';
import { invalid, ServiceError, type Problem } from '../../domain/service-error.ts';
import type { Services } from '../../composition.ts';
import { fileNameProblems } from '../../domain/submission.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { RandomSource } from '../../random.ts';
import { generateInvoiceXml } from '../../sdi/generate-invoice.ts';
import type { Esito } from '../../sdi/notifications/index.ts';
import { parseScenarioHeader, SCENARIO_HEADER } from '../../sdi/scenario.ts';
import type { Job } from '../../store/jobs.ts';
import type { Store } from '../../store/store.ts';
import { context, pathParam, scopeOf } from '../context.ts';
import { decodeSendBody, type DecodedSendBody } from '../send-body.ts';

export interface SandboxRouteDependencies {
  services: Services;
  store: Store;
  random: RandomSource;
  maxInvoiceBytes: number;
  clock: Clock;
  /** The clock the control API moves; null when the server was given a clock it cannot move. */
  sandboxClock: SandboxClock | null;
}

const QUEUE_VIEW_LIMIT = 500;
const ESITO_DESCRIPTION_MAX = 255;

/** Sandbox control calls (`/_sandbox/…`, test keys only): sandbox-scenarios.md "Sandbox control API". */
export function sandboxRoutes(deps: SandboxRouteDependencies): Router {
  const { services, store, random, maxInvoiceBytes } = deps;
  const router = Router();

  function clock(): SandboxClock {
    if (!deps.sandboxClock) throw new ServiceError('conflict', 'sandbox.clockFixed');
    return deps.sandboxClock;
  }

  router.get('/clock', (_req, res) => {
    res.json(clock().state());
  });

  // Moves the sandbox time, then answers only once every job that fell due has run, in order.
  router.post('/clock', async (req, res) => {
    const target = clock();
    const body = objectBody(req.body);
    const problems: Problem[] = [];
    const advance = body.advance === undefined ? undefined : parseDuration(body.advance);
    if (advance === null) problems.push(fieldProblem('sandbox.duration', 'advance'));
    const set = body.set === undefined ? undefined : parseInstant(body.set);
    if (set === null) problems.push(fieldProblem('sandbox.dateTime', 'set'));
    const freeze = body.freeze;
    if (freeze !== undefined && typeof freeze !== 'boolean')
      problems.push(fieldProblem('sandbox.boolean', 'freeze'));
    if (problems.length > 0) throw invalid(problems);
    if (advance === undefined && set === undefined && freeze === undefined) {
      throw new ServiceError('invalid', 'sandbox.clockEmpty');
    }
    if (typeof freeze === 'boolean') target.freeze(freeze);
    if (set) target.set(set);
    if (advance) target.advance(advance);
    const ran = await services.jobs.runDue();
    res.json({ ...target.state(), jobs_run: ran });
  });

  // What the SDI (and the server's own upkeep) will do next and when, for the caller's invoices.
  router.get('/queue', (_req, res) => {
    res.json(store.jobs.pending(scopeOf(res), QUEUE_VIEW_LIMIT).map(describeJob));
  });

  // An outside supplier sends an invoice through SDI: routed to the local recipient, or held for it.
  router.post('/inbound', (req, res) => {
    const body = inboundBody(req.body, random, deps.clock.now());
    const file = readInvoiceFile(body.bytes, { maxBytes: maxInvoiceBytes });
    let fileName = body.fileName;
    if (fileName !== null) {
      const problems = fileNameProblems(fileName, file.signed);
      if (problems.length > 0) throw invalid(problems, 'invoice.invalid');
    } else {
      const t = file.summary.transmitter;
      fileName = generateSdiFileName(t?.country ?? 'IT', t?.code ?? '00000000000', file.signed, random);
    }
    const outcome = services.inbound.receive(scopeOf(res), body.bytes, body.encoding, fileName);
    res.status('delivered' in outcome ? 201 : 202).json(outcome);
  });

  router.get('/held', (_req, res) => {
    const held = store.held.list(scopeOf(res).environment);
    res.json(
      held.map((h) => ({
        id: h.id,
        recipient: h.recipient,
        file_name: h.fileName,
        identifier: h.identifier,
        created: h.created,
      })),
    );
  });

  // Acting as a PA recipient outside the sandbox. Due jobs run first, so an outcome given after the
  // 15 days finds the invoice already in DecorrenzaTermini, as it would at SDI.
  router.post('/send/:x/esito', async (req, res) => {
    const { esito, description } = esitoBody(req.body);
    await services.jobs.runDue();
    const scope = scopeOf(res);
    const x = pathParam(req, 'x');
    const send = services.sdi.findSend(scope, x);
    if (!send) throw new ServiceError('not-found', 'notFound.send', { id: x });
    res.json(services.sdi.esitoForSend(scope, send.id, esito, description));
  });

  router.post('/receive/:id/esito', async (req, res) => {
    const { esito, description } = esitoBody(req.body);
    const raw = pathParam(req, 'id');
    const id = parseResourceId(raw);
    if (id === null) throw new ServiceError('not-found', 'notFound.receive', { id: raw });
    await services.jobs.runDue();
    res.json(services.sdi.esitoForReceive(scopeOf(res), id, esito, description));
  });

  router.post('/reset', (_req, res) => {
    const scope = scopeOf(res);
    const deleted = store.transaction(() => store.retention.resetScope(scope));
    res.json({ deleted });
  });

  return router;
}

/**
 * Checks `Sandbox-Scenario` on submissions of test keys (a malformed one is a 400 before anything is read) and
 * notes it in the request context, from where the send routes put it in the submission request. Live keys:
 * ignored.
 */
export const sandboxScenarioHeader: RequestHandler = (req, res, next) => {
  const header = req.get(SCENARIO_HEADER);
  if (header === undefined || req.method !== 'POST' || context(res).scope?.environment !== 'test')
    return next();
  const scenario = parseScenarioHeader(header);
  if (typeof scenario === 'string') {
    throw new ServiceError(
      'bad-request',
      'sandbox.scenarioHeader',
      { reason: scenario },
      { parameter: SCENARIO_HEADER },
    );
  }
  context(res).sandboxScenario = header;
  next();
};

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid([], 'body.expectedObject');
  return body as Record<string, unknown>;
}

function fieldProblem(key: MessageKey, field: string): Problem {
  return { code: 'type', key, params: { field }, path: field };
}

function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

function esitoBody(body: unknown): { esito: Esito; description: string | undefined } {
  const record = objectBody(body);
  const problems: Problem[] = [];
  const esito = record.esito;
  if (esito !== 'EC01' && esito !== 'EC02')
    problems.push({ code: 'type', key: 'sandbox.esito', path: 'esito' });
  const description = record.description;
  if (description !== undefined && description !== null && typeof description !== 'string') {
    problems.push(fieldProblem('field.string', 'description'));
  } else if (typeof description === 'string' && description.length > ESITO_DESCRIPTION_MAX) {
    problems.push({
      code: 'description',
      key: 'field.tooLong',
      params: { field: 'description', max: ESITO_DESCRIPTION_MAX },
      path: 'description',
    });
  }
  if (problems.length > 0) throw invalid(problems);
  return { esito: esito as Esito, description: typeof description === 'string' ? description : undefined };
}

/** `{payload, file_name?}` as for `POST /send`, or `{generate: {to_vat, format?}}` for a made-up invoice. */
function inboundBody(body: unknown, random: RandomSource, now: Date): DecodedSendBody {
  const record = objectBody(body);
  if (record.generate === undefined) return decodeSendBody(record);
  if (record.payload !== undefined) throw new ServiceError('invalid', 'sandbox.inboundBody');
  const generate = objectBody(record.generate);
  const problems: Problem[] = [];
  const rawVat = generate.to_vat;
  let vat = '';
  if (typeof rawVat !== 'string' || rawVat.trim() === '') {
    problems.push({
      code: 'required',
      key: 'field.required',
      params: { field: 'generate.to_vat' },
      path: 'generate.to_vat',
    });
  } else {
    vat = normalizeVat(rawVat);
    const verdict = checkVatNumber(vat);
    if (verdict !== 'ok') {
      const key =
        verdict === 'bad-check-digit'
          ? 'field.vatCheckDigit'
          : verdict === 'missing-country'
            ? 'field.vatMissingCountry'
            : 'field.vatFormat';
      problems.push({
        code: 'vat',
        key,
        params: { value: rawVat },
        hint: 'hint.vat',
        path: 'generate.to_vat',
      });
    }
  }
  const format = generate.format ?? 'FPR12';
  if (format !== 'FPR12' && format !== 'FPA12')
    problems.push(fieldProblem('sandbox.format', 'generate.format'));
  if (problems.length > 0) throw invalid(problems);
  const number = `SBX-${Buffer.from(random(4)).readUInt32BE(0) % 1_000_000}`;
  const xml = generateInvoiceXml({ toVat: vat, format: format as 'FPR12' | 'FPA12', number, at: now });
  return { bytes: new TextEncoder().encode(xml), encoding: 'Xml', fileName: null, metaData: null };
}

function describeJob(job: Job): Record<string, unknown> {
  const payload = (job.payload ?? {}) as { sendId?: unknown };
  return {
    id: job.id,
    kind: job.kind,
    due_at: job.dueAt,
    send_id: typeof payload.sendId === 'number' ? payload.sendId : null,
    attempts: job.attempts,
    last_error: job.lastError,
  };
}
