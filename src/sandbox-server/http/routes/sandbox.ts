import { Router, type RequestHandler } from 'express';
import { checkVatNumber, generateSdiFileName } from '../../../shared/fatturapa/index.ts';
import { parseDuration } from '../../clock.ts';
import { normalizeVat, parseResourceId } from '../../domain/companies.ts';
import { readInvoiceFile } from '../../domain/invoice-file.ts';
import { invalid, ServiceError, type Problem } from '../../domain/service-error.ts';
import { fieldProblems } from '../../domain/body-check.ts';
import { ESITO_DESCRIPTION_MAX, EsitoInputSchema } from '../../../shared/api/sandbox-schemas.ts';
import type { Services } from '../../composition.ts';
import { fileNameProblems } from '../../domain/submission.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { RandomSource } from '../../random.ts';
import { generateInvoiceXml } from '../../sdi/generate-invoice.ts';
import type { Esito } from '../../sdi/notifications/index.ts';
import { parseScenarioHeader, SCENARIO_HEADER } from '../../sdi/scenario.ts';
import { ensureUpkeep, isUpkeep, purgeSandboxAt, retentionCutoffs } from '../../jobs/maintenance.ts';
import { finishedStates } from '../../sdi/transitions.ts';
import type { Job } from '../../store/jobs.ts';
import type { RetentionCounts } from '../../store/retention.ts';
import type { ResetCounts, ResetResult } from '../../../shared/api/types.ts';
import type { Scope } from '../../store/scope.ts';
import type { Store } from '../../store/store.ts';
import { context, pathParam, scopeOf } from '../context.ts';
import { decodeSendBody, type DecodedSendBody } from '../../domain/send-body.ts';
import { paOfficeRoutes } from './pa-offices.ts';
import { seedRoute } from './seed.ts';

export interface SandboxRouteDependencies {
  services: Services;
  store: Store;
  random: RandomSource;
  maxInvoiceBytes: number;
}

const QUEUE_VIEW_LIMIT = 500;
/** How far `run_queue` looks for the caller's last pending step: far more than a sandbox account ever has. */
const RUN_QUEUE_LIMIT = 10_000;

/** Sandbox control calls (`/_sandbox/…`, test keys only): sandbox-scenarios.md "Sandbox control API". */
export function sandboxRoutes(deps: SandboxRouteDependencies): Router {
  const { services, store, random, maxInvoiceBytes } = deps;
  const router = Router();

  // The caller's sandbox clock: each account has its own (clock.ts); live keys never reach here (requireTestKey).
  router.get('/clock', (_req, res) => {
    res.json(services.clocks.sandbox(scopeOf(res).accountId).state());
  });

  // Moves the caller's sandbox time (no other account's, and nothing live), removes what has aged out at the
  // landing, then answers only once every step of the caller's that fell due has run, in order. With `dry_run`
  // it moves nothing and says where the clock would land and what the move would remove.
  router.post('/clock', async (req, res) => {
    const body = objectBody(req.body);
    const problems: Problem[] = [];
    const advance = body.advance === undefined ? undefined : parseDuration(body.advance);
    if (advance === null) problems.push(fieldProblem('sandbox.duration', 'advance'));
    const set = body.set === undefined ? undefined : parseInstant(body.set);
    if (set === null) problems.push(fieldProblem('sandbox.dateTime', 'set'));
    const freeze = optionalBoolean(body, 'freeze', problems);
    const runQueue = optionalBoolean(body, 'run_queue', problems);
    const dryRun = optionalBoolean(body, 'dry_run', problems);
    if (problems.length > 0) throw invalid(problems);
    if (advance === undefined && set === undefined && freeze === undefined && runQueue === undefined) {
      throw new ServiceError('invalid', 'sandbox.clockEmpty');
    }
    const scope = scopeOf(res);
    const target = services.clocks.sandbox(scope.accountId);
    // The same order as the move below: freezing keeps the time, `set` replaces it, `advance` adds to it.
    let landing = (set ?? target.now()).getTime() + (advance ?? 0);
    const lastStep = runQueue ? lastQueuedStep(store, scope) : null;
    if (lastStep !== null && lastStep > landing) landing = lastStep;
    if (dryRun) {
      res.json(clockPreview(store, scope, target.now(), new Date(landing), freeze ?? target.state().frozen));
      return;
    }
    if (typeof freeze === 'boolean') target.freeze(freeze);
    if (set) target.set(set);
    if (advance) target.advance(advance);
    // Up to the caller's last pending step, never backwards: a step that is already due just runs.
    if (lastStep !== null && lastStep > target.now().getTime())
      target.advance(lastStep - target.now().getTime());
    // What had aged out at the landing goes first, exactly what the preview counts (jobs/maintenance.ts says
    // why); then the steps that fell due on the way run, on the caller's clock, the sandbox's upkeep among them.
    const retention = store.transaction(() => {
      ensureUpkeep(services.jobs, store, services.clocks, scope);
      return purgeSandboxAt(store, scope, target.now(), finishedStates());
    });
    const ran = await runDueOf(services, scope);
    res.json({ ...target.state(), jobs_run: ran, retention });
  });

  // What the SDI (and the server's own upkeep) will do next and when, for the caller's invoices.
  router.get('/queue', (_req, res) => {
    const scope = scopeOf(res);
    res.json(store.jobs.pending(scope, QUEUE_VIEW_LIMIT).map((job) => describeJob(job, store, scope)));
  });

  // An outside supplier sends an invoice through SDI: routed to the local recipient, or held for it.
  router.post('/inbound', (req, res) => {
    const body = inboundBody(req.body, random, services.clocks.now(scopeOf(res)));
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

  // Only what the caller sent or made arrive: another account's held invoices are not its business.
  router.get('/held', (_req, res) => {
    const held = store.held.listSentBy(scopeOf(res));
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
    const scope = scopeOf(res);
    await runDueOf(services, scope);
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
    await runDueOf(services, scopeOf(res));
    res.json(services.sdi.esitoForReceive(scopeOf(res), id, esito, description));
  });

  // A reset starts the account's sandbox over, as a test's `beforeEach` wants: its data, its webhooks (else they
  // fire into the next test) and its clock (back on real time); `keep_webhooks` / `keep_clock` keep those.
  // `{"dry_run": true}` counts what a reset would delete: the very same deletions, rolled back.
  router.post('/reset', (req, res) => {
    const scope = scopeOf(res);
    const problems: Problem[] = [];
    const body =
      req.body === undefined || req.body === null || isEmptyObject(req.body) ? {} : objectBody(req.body);
    const dryRun = optionalBoolean(body, 'dry_run', problems);
    const keep = {
      webhooks: optionalBoolean(body, 'keep_webhooks', problems) ?? false,
      clock: optionalBoolean(body, 'keep_clock', problems) ?? false,
    };
    if (problems.length > 0) throw invalid(problems);
    const clock = services.clocks.sandbox(scope.accountId);
    // A clock that never moved is on real time already: touching it would only make it a moved one.
    const backToRealTime = !keep.clock && services.clocks.moved().has(scope.accountId);
    if (dryRun) {
      const result: ResetResult = {
        dry_run: true,
        deleted: countedThenRolledBack(store, scope, keep),
        clock: backToRealTime ? services.clocks.realTimeState() : clock.state(),
      };
      res.json(result);
      return;
    }
    const deleted = store.transaction(() => store.retention.resetScope(scope, keep));
    if (backToRealTime) {
      clock.freeze(false);
      clock.set(services.clocks.base.now());
    }
    const result: ResetResult = { deleted, clock: clock.state() };
    res.json(result);
  });

  // Demo data for an empty sandbox account (the app's "Load demo data"): see seed.ts.
  router.post('/seed', seedRoute(deps));

  // The directory of public administration offices an FPA12 is checked against (pa-offices.ts).
  router.use(paOfficeRoutes(store));

  return router;
}

/** Runs the scope's due jobs, SDI's steps first, then the webhook deliveries they queued; says how many ran. */
async function runDueOf(services: Services, scope: Scope): Promise<number> {
  const steps = await services.jobs.runDue(scope);
  return steps + (await services.deliveries.runDue(scope));
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

/** `{esito, description?}`, checked against its published definition (EsitoInputSchema). */
function esitoBody(body: unknown): { esito: Esito; description: string | undefined } {
  const record = objectBody(body);
  const problems = fieldProblems(EsitoInputSchema, record, {
    esito: () => ({ code: 'type', key: 'sandbox.esito', path: 'esito' }),
    description: (field, value) =>
      typeof value === 'string'
        ? { code: field, key: 'field.tooLong', params: { field, max: ESITO_DESCRIPTION_MAX }, path: field }
        : fieldProblem('field.string', field),
  });
  if (problems.length > 0) throw invalid(problems);
  const description = record.description;
  return {
    esito: record.esito as Esito,
    description: typeof description === 'string' ? description : undefined,
  };
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

function describeJob(job: Job, store: Store, scope: Scope): Record<string, unknown> {
  const payload = (job.payload ?? {}) as { sendId?: unknown };
  const sendId = typeof payload.sendId === 'number' ? payload.sendId : null;
  // The number a person recognises the invoice by; null once the invoice is gone (or for upkeep jobs).
  const send = sendId !== null && job.scope !== null ? store.sends.get(scope, sendId, false) : null;
  return {
    id: job.id,
    kind: job.kind,
    due_at: job.dueAt,
    send_id: sendId,
    document_number: send?.document_number ?? null,
    // The server's own recurring work (retention, idempotency expiry), not about any account's invoice.
    upkeep: isUpkeep(job.kind),
    attempts: job.attempts,
    last_error: job.lastError,
  };
}

function optionalBoolean(
  body: Record<string, unknown>,
  field: string,
  problems: Problem[],
): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  problems.push(fieldProblem('sandbox.boolean', field));
  return undefined;
}

function isEmptyObject(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
}

/** When the caller's last pending step (SDI, webhook delivery) falls due; the server's own upkeep is not theirs. */
function lastQueuedStep(store: Store, scope: Scope): number | null {
  let last: number | null = null;
  for (const job of store.jobs.pending(scope, RUN_QUEUE_LIMIT)) {
    if (isUpkeep(job.kind)) continue;
    const due = Date.parse(job.dueAt);
    if (last === null || due > last) last = due;
  }
  return last;
}

/**
 * Where a clock move would land, what it would remove of the caller's data, and how many of their steps fall due
 * on the way. The move purges at the landing before those steps run (`purgeSandboxAt`, same cutoffs), so the
 * count is exact; what the steps finish on the way ages from their own time.
 */
function clockPreview(
  store: Store,
  scope: Scope,
  now: Date,
  landing: Date,
  frozen: boolean,
): Record<string, unknown> {
  const at = landing.getTime();
  const cutoffs = retentionCutoffs(scope.environment, landing);
  const counted = store.retention.countAged(scope, cutoffs, finishedStates());
  // This very request is logged as it answers, dated now: a move that far removes that entry too.
  const ownEntry = now.getTime() <= Date.parse(cutoffs.events) ? 1 : 0;
  const retention: RetentionCounts = { ...counted, log: counted.log + ownEntry };
  const jobsDue = store.jobs
    .pending(scope, RUN_QUEUE_LIMIT)
    .filter((job) => !isUpkeep(job.kind) && Date.parse(job.dueAt) <= at).length;
  return { dry_run: true, now: landing.toISOString(), frozen, retention, jobs_due: jobsDue };
}

/** Thrown to roll a transaction back once it has counted what it deleted. */
class RolledBack extends Error {}

function countedThenRolledBack(store: Store, scope: Scope, keep: { webhooks: boolean }): ResetCounts {
  let counts: ResetCounts | null = null;
  try {
    store.transaction(() => {
      counts = store.retention.resetScope(scope, keep);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return counts!;
}
